// Messages of the EPCIS 2.0 query interface (mock-server/epcis): the `detail` of its problem
// bodies (RFC 7807), rendered in the request's Accept-Language like every other refusal.
import { defineArea } from "./define";

export const epcis = defineArea(
  {
    unknownParameter: "{{name}} is not a query parameter of this interface",
    repeatedParameter: "{{name}} may be given once",
    badTime: "{{name}} must be a date-time with its offset, such as 2024-06-01T08:00:00Z; got {{value}}",
    badPerPage: "perPage must be a whole number from 1 to {{max}}; got {{value}}",
    badOrderBy: "orderBy must be eventTime or recordTime; got {{value}}",
    badOrderDirection: "orderDirection must be ASC or DESC; got {{value}}",
    badEventType: "eventType: {{value}} is not an EPCIS event type",
    reversedWindow: "{{ge}} ({{from}}) is after {{lt}} ({{to}}): the window holds no time",
    badPageToken: "nextPageToken was not given by this server for this query",
    badEpcPattern:
      "{{value}} is not an EPC pattern of the schemes this interface reads (urn:epc:idpat:sgtin:{companyPrefix}.{itemReference}.{serial}, urn:epc:idpat:sscc:{companyPrefix}.{serialReference}, each field a value or *)",
    noEvent: "no event {{id}}",
    noEpc: "no events name {{epc}}",
    unavailable: "the query could not be answered; the failure is logged",
    pageTokenHoldsNothing:
      "a page token holds nothing on this server (it marks a place in the ledger's order): there is nothing to release",
  },
  {
    zh: {
      unknownParameter: "{{name}} 不是本接口的查询参数",
      repeatedParameter: "{{name}} 只能给一次",
      badTime: "{{name}} 须为带时区偏移的日期时间，例如 2024-06-01T08:00:00Z；收到 {{value}}",
      badPerPage: "perPage 须为 1 到 {{max}} 的整数；收到 {{value}}",
      badOrderBy: "orderBy 须为 eventTime 或 recordTime；收到 {{value}}",
      badOrderDirection: "orderDirection 须为 ASC 或 DESC；收到 {{value}}",
      badEventType: "eventType：{{value}} 不是 EPCIS 事件类型",
      reversedWindow: "{{ge}}（{{from}}）晚于 {{lt}}（{{to}}）：时间窗口为空",
      badPageToken: "nextPageToken 不是本服务器为此查询给出的",
      badEpcPattern:
        "{{value}} 不是本接口可读的 EPC 模式（urn:epc:idpat:sgtin:{companyPrefix}.{itemReference}.{serial}、urn:epc:idpat:sscc:{companyPrefix}.{serialReference}，各段为值或 *）",
      noEvent: "没有事件 {{id}}",
      noEpc: "没有事件涉及 {{epc}}",
      unavailable: "查询无法完成；故障已记录",
      pageTokenHoldsNothing: "本服务器上的分页令牌不占用任何资源（它只标记账本顺序中的位置）：没有可释放的",
    },
    es: {
      unknownParameter: "{{name}} no es un parámetro de consulta de esta interfaz",
      repeatedParameter: "{{name}} solo puede darse una vez",
      badTime: "{{name}} debe ser una fecha y hora con su desfase, como 2024-06-01T08:00:00Z; se recibió {{value}}",
      badPerPage: "perPage debe ser un número entero de 1 a {{max}}; se recibió {{value}}",
      badOrderBy: "orderBy debe ser eventTime o recordTime; se recibió {{value}}",
      badOrderDirection: "orderDirection debe ser ASC o DESC; se recibió {{value}}",
      badEventType: "eventType: {{value}} no es un tipo de evento EPCIS",
      reversedWindow: "{{ge}} ({{from}}) es posterior a {{lt}} ({{to}}): la ventana no contiene tiempo",
      badPageToken: "este servidor no dio este nextPageToken para esta consulta",
      badEpcPattern:
        "{{value}} no es un patrón EPC de los esquemas que lee esta interfaz (urn:epc:idpat:sgtin:{companyPrefix}.{itemReference}.{serial}, urn:epc:idpat:sscc:{companyPrefix}.{serialReference}, cada campo un valor o *)",
      noEvent: "no existe el evento {{id}}",
      noEpc: "ningún evento nombra {{epc}}",
      unavailable: "no se pudo responder la consulta; el fallo queda registrado",
      pageTokenHoldsNothing:
        "un token de página no ocupa nada en este servidor (marca un lugar en el orden del registro): no hay nada que liberar",
    },
    ja: {
      unknownParameter: "{{name}} はこのインターフェースの照会パラメーターではありません",
      repeatedParameter: "{{name}} は 1 回だけ指定できます",
      badTime: "{{name}} はオフセット付きの日時（例: 2024-06-01T08:00:00Z）で指定してください。受け取った値: {{value}}",
      badPerPage: "perPage は 1 から {{max}} までの整数で指定してください。受け取った値: {{value}}",
      badOrderBy: "orderBy は eventTime か recordTime で指定してください。受け取った値: {{value}}",
      badOrderDirection: "orderDirection は ASC か DESC で指定してください。受け取った値: {{value}}",
      badEventType: "eventType: {{value}} は EPCIS のイベント型ではありません",
      reversedWindow: "{{ge}}（{{from}}）が {{lt}}（{{to}}）より後です。期間に含まれる時刻がありません",
      badPageToken: "この nextPageToken はこのサーバーがこの照会に発行したものではありません",
      badEpcPattern:
        "{{value}} はこのインターフェースが読める EPC パターンではありません（urn:epc:idpat:sgtin:{companyPrefix}.{itemReference}.{serial}、urn:epc:idpat:sscc:{companyPrefix}.{serialReference}、各フィールドは値または *）",
      noEvent: "イベント {{id}} はありません",
      noEpc: "{{epc}} を含むイベントはありません",
      unavailable: "照会に応答できませんでした。障害は記録されています",
      pageTokenHoldsNothing:
        "このサーバーではページトークンは何も保持しません（台帳の順序上の位置を示すだけです）。解放するものはありません",
    },
  },
);
