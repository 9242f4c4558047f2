// Messages of the EPCIS 2.0 subscriptions to named queries (mock-server/epcis): the `detail` of a
// refused subscription call, rendered in the reader's Accept-Language like every other refusal.
import { defineArea } from "./define";

export const epcisSubscription = defineArea(
  {
    badBody: 'the body must be {"dest": "https://…", "signatureToken": "…", "stream": true}, reportIfEmpty optional',
    unknownField: "{{name}} is not a subscription field",
    badDest: "dest must be an http or https URL; got {{value}}",
    badSignatureToken: "signatureToken must be a text of {{min}} to {{max}} characters",
    streamOnly: "only stream subscriptions (stream: true) are kept; a schedule is not",
    badReportIfEmpty: "reportIfEmpty must be true or false",
    controlNotKept:
      "{{name}} is not kept: a subscription here is a stream (stream: true) of the query's new events from the ledger's end",
    noSubscription: "the query {{name}} has no subscription {{id}}",
    notYourQuery:
      "the query {{name}} belongs to another account; only that account or an administrator manages its subscriptions",
    websocketStream:
      "a WebSocket subscription is GET /queries/{name}/events?stream=true and takes no other parameter; got {{given}}",
    websocketHandshake:
      "a WebSocket subscription needs Upgrade: websocket, Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key",
    streamNeedsUpgrade:
      "stream=true subscribes over a WebSocket: ask with Connection: Upgrade and Upgrade: websocket; a plain GET pages the query's events and takes perPage and nextPageToken",
  },
  {
    zh: {
      badBody: '请求体须为 {"dest": "https://…", "signatureToken": "…", "stream": true}，reportIfEmpty 可选',
      unknownField: "{{name}} 不是订阅的字段",
      badDest: "dest 须为 http 或 https 地址；收到 {{value}}",
      badSignatureToken: "signatureToken 须为 {{min}} 到 {{max}} 个字符的文本",
      streamOnly: "只保存流式订阅（stream: true），不保存定时订阅",
      badReportIfEmpty: "reportIfEmpty 须为 true 或 false",
      controlNotKept: "不保存 {{name}}：这里的订阅是从账本末尾起推送查询新事件的流（stream: true）",
      noSubscription: "查询 {{name}} 没有订阅 {{id}}",
      notYourQuery: "查询 {{name}} 属于另一个账号；只有该账号或管理员能管理它的订阅",
      websocketStream: "WebSocket 订阅为 GET /queries/{name}/events?stream=true，不带其他参数；收到 {{given}}",
      websocketHandshake: "WebSocket 订阅需要 Upgrade: websocket、Sec-WebSocket-Version: 13 和 Sec-WebSocket-Key",
      streamNeedsUpgrade:
        "stream=true 通过 WebSocket 订阅：请求须带 Connection: Upgrade 和 Upgrade: websocket；普通 GET 分页返回查询的事件，只接受 perPage 和 nextPageToken",
    },
    es: {
      badBody:
        'el cuerpo debe ser {"dest": "https://…", "signatureToken": "…", "stream": true}, reportIfEmpty opcional',
      unknownField: "{{name}} no es un campo de suscripción",
      badDest: "dest debe ser una URL http o https; se recibió {{value}}",
      badSignatureToken: "signatureToken debe ser un texto de {{min}} a {{max}} caracteres",
      streamOnly: "solo se guardan suscripciones continuas (stream: true), no programadas",
      badReportIfEmpty: "reportIfEmpty debe ser true o false",
      controlNotKept:
        "{{name}} no se guarda: aquí una suscripción es un flujo (stream: true) de los eventos nuevos de la consulta desde el final del registro",
      noSubscription: "la consulta {{name}} no tiene la suscripción {{id}}",
      notYourQuery:
        "la consulta {{name}} es de otra cuenta; solo esa cuenta o un administrador gestiona sus suscripciones",
      websocketStream:
        "una suscripción WebSocket es GET /queries/{name}/events?stream=true, sin otros parámetros; se recibió {{given}}",
      websocketHandshake:
        "una suscripción WebSocket necesita Upgrade: websocket, Sec-WebSocket-Version: 13 y un Sec-WebSocket-Key",
      streamNeedsUpgrade:
        "stream=true suscribe por WebSocket: pida con Connection: Upgrade y Upgrade: websocket; un GET simple pagina los eventos de la consulta y acepta perPage y nextPageToken",
    },
    ja: {
      badBody: '本文は {"dest": "https://…", "signatureToken": "…", "stream": true} です（reportIfEmpty は任意）',
      unknownField: "{{name}} は購読の項目ではありません",
      badDest: "dest は http か https の URL です。受け取った値: {{value}}",
      badSignatureToken: "signatureToken は {{min}} から {{max}} 文字の文字列です",
      streamOnly: "保存できるのはストリーム購読（stream: true）だけで、スケジュール購読はできません",
      badReportIfEmpty: "reportIfEmpty は true か false です",
      controlNotKept:
        "{{name}} は保存しません。ここでの購読は台帳の末尾からの照会の新しいイベントのストリーム（stream: true）です",
      noSubscription: "照会 {{name}} に購読 {{id}} はありません",
      notYourQuery: "照会 {{name}} は別のアカウントのものです。その購読を管理できるのはそのアカウントか管理者だけです",
      websocketStream:
        "WebSocket 購読は GET /queries/{name}/events?stream=true で、ほかのパラメータは付けません。受け取った値: {{given}}",
      websocketHandshake:
        "WebSocket 購読には Upgrade: websocket、Sec-WebSocket-Version: 13 と Sec-WebSocket-Key が必要です",
      streamNeedsUpgrade:
        "stream=true は WebSocket で購読します。Connection: Upgrade と Upgrade: websocket を付けて要求してください。通常の GET は照会のイベントをページ単位で返し、perPage と nextPageToken だけを受け付けます",
    },
  },
);
