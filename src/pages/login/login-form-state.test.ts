import { describe, expect, it } from "vitest";
import { changeField, fieldErrors, initialLoginState, submitForm, validValues } from "./login-form-state";

const REQUIRED_NAME = "shell.login.accountNameRequired";
const INPUT_RULE = "screens.rules.inputRule";

describe("the login form's rules (spec §5)", () => {
  it.each([
    ["", [REQUIRED_NAME]],
    ["   ", [REQUIRED_NAME, INPUT_RULE]], // white space only: required, and spaces break the input rule
    ["管理员 1", [INPUT_RULE]],
    ["a%b", [INPUT_RULE]],
    ["admin", []],
    ["user_1-~`.@#$^&*()+￥", []],
  ])("account name %j fails %j", (value, want) => expect(fieldErrors("account_name", value)).toEqual(want));

  it("needs a password, which may be spaces", () => {
    expect(fieldErrors("account_password", "")).toEqual(["shell.login.passwordRequired"]);
    expect(fieldErrors("account_password", "  ")).toEqual([]);
    expect(fieldErrors("account_password", "管理 员%")).toEqual([]);
  });

  it("needs an account type", () => {
    expect(fieldErrors("account_type", "")).toEqual(["shell.login.accountTypeRequired"]);
    expect(fieldErrors("account_type", "1")).toEqual([]);
  });
});

describe("when the login form checks (as antd's Form did)", () => {
  it("starts with the first account type chosen and nothing checked", () => {
    expect(initialLoginState("1")).toEqual({
      values: { account_name: "", account_password: "", account_type: "1" },
      errors: {},
    });
    expect(initialLoginState(undefined).values.account_type).toBe("");
  });

  it("checks only the field that changed", () => {
    const state = changeField(initialLoginState("1"), "account_name", "管");
    expect(state.values.account_name).toBe("管");
    expect(state.errors).toEqual({ account_name: [INPUT_RULE] });
    // Emptied again: now it is the required rule that fails.
    expect(changeField(state, "account_name", "").errors).toEqual({ account_name: [REQUIRED_NAME] });
    // Put right: the error goes at once.
    expect(changeField(state, "account_name", "admin").errors).toEqual({ account_name: [] });
  });

  it("checks every field on submit, and gives the values only when all pass", () => {
    const empty = submitForm(initialLoginState("1"));
    expect(empty.errors).toEqual({
      account_name: [REQUIRED_NAME],
      account_password: ["shell.login.passwordRequired"],
      account_type: [],
    });
    expect(validValues(empty)).toBeUndefined();

    const named = changeField(empty, "account_name", "admin");
    expect(named.errors.account_password).toEqual(["shell.login.passwordRequired"]); // still shown until it changes
    const filled = changeField(named, "account_password", "secret");
    expect(filled.errors.account_password).toEqual([]);
    expect(validValues(submitForm(filled))).toEqual({
      account_name: "admin",
      account_password: "secret",
      account_type: "1",
    });
  });

  it("gives no values before a submit has checked every field", () => {
    const typed = changeField(
      changeField(initialLoginState("1"), "account_name", "admin"),
      "account_password",
      "secret",
    );
    expect(validValues(typed)).toBeUndefined();
  });

  it("keeps the account name as typed (the session call trims it)", () => {
    const state = submitForm(
      changeField(changeField(initialLoginState("2"), "account_name", "admin"), "account_password", "x"),
    );
    expect(validValues(state)?.account_name).toBe("admin");
  });
});
