// side-channel's API (the package qs uses to track the objects it has visited), on the platform's
// WeakMap and Map alone: objects are held weakly, as side-channel holds them. Aliased for the
// console's build only (vite.config.ts): the package pulls in object-inspect, get-intrinsic and a
// dozen polyfill helpers (about 9 KB gzipped) onto every signed-in page, for browsers the console
// does not support and for error texts qs never shows.
"use strict";

module.exports = function getSideChannel() {
  var objects = new WeakMap();
  var primitives = new Map();
  var storeOf = function (key) {
    return key !== null && (typeof key === "object" || typeof key === "function") ? objects : primitives;
  };
  return {
    assert: function (key) {
      if (!storeOf(key).has(key)) throw new TypeError("Side channel does not contain " + String(key));
    },
    delete: function (key) {
      return storeOf(key).delete(key);
    },
    get: function (key) {
      return storeOf(key).get(key);
    },
    has: function (key) {
      return storeOf(key).has(key);
    },
    set: function (key, value) {
      storeOf(key).set(key, value);
    },
  };
};
