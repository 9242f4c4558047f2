// Messages of the EPCIS interface's partner clients (mock-server/epcis/partner-keys.ts, the
// partner_clients rules) and of a dealer's scope: the `detail` of a refused key or of an event or
// code outside a dealer's, rendered in the reader's Accept-Language like every other refusal.
import { defineArea } from "./define";

export const epcisPartners = defineArea(
  {
    badAuthorization: "the Authorization header must be Bearer followed by the client's API key",
    unknownKey: "this API key is not valid: it was never issued, was replaced by a newer one or was revoked",
    clientDisabled: "the partner client {{client}} is disabled",
    dealerNeeded: "a dealer's client acts for a dealer: choose the dealer",
    dealerOnlyForDealers: "only a dealer's client acts for a dealer; a {{kind}} client does not",
    notYourEpc: "{{epc}} was not shipped to {{dealer}}: a dealer sees only its own codes",
    notYourEvent: "the event {{eventID}} is about no code shipped to {{dealer}}: a dealer sees only its own codes",
    dealerSubscribes:
      "a subscription pushes every event its query matches, not only a dealer's: a dealer's caller pages /epcis/events instead",
  },
  {
    zh: {
      badAuthorization: "Authorization 头须为 Bearer 加客户端的 API 密钥",
      unknownKey: "此 API 密钥无效：从未签发、已被新密钥取代或已吊销",
      clientDisabled: "合作方客户端 {{client}} 已停用",
      dealerNeeded: "经销商客户端代表一个经销商：请选择经销商",
      dealerOnlyForDealers: "只有经销商客户端代表经销商；{{kind}} 客户端不代表",
      notYourEpc: "{{epc}} 未发往 {{dealer}}：经销商只能看到自己的码",
      notYourEvent: "事件 {{eventID}} 不涉及发往 {{dealer}} 的码：经销商只能看到自己的码",
      dealerSubscribes: "订阅会推送查询匹配的所有事件，而不只是该经销商的：经销商的调用方请改为分页读取 /epcis/events",
    },
    es: {
      badAuthorization: "la cabecera Authorization debe ser Bearer seguido de la clave API del cliente",
      unknownKey: "esta clave API no es válida: nunca se emitió, fue sustituida por una más reciente o fue revocada",
      clientDisabled: "el cliente de socio {{client}} está deshabilitado",
      dealerNeeded: "el cliente de un distribuidor actúa por un distribuidor: elija el distribuidor",
      dealerOnlyForDealers: "solo el cliente de un distribuidor actúa por un distribuidor; un cliente {{kind}} no",
      notYourEpc: "{{epc}} no se envió a {{dealer}}: un distribuidor solo ve sus propios códigos",
      notYourEvent:
        "el evento {{eventID}} no trata de ningún código enviado a {{dealer}}: un distribuidor solo ve sus propios códigos",
      dealerSubscribes:
        "una suscripción envía todos los eventos que su consulta encuentra, no solo los de un distribuidor: quien llama por un distribuidor pagina /epcis/events",
    },
    ja: {
      badAuthorization: "Authorization ヘッダーは Bearer に続けてクライアントの API キーを指定してください",
      unknownKey: "この API キーは無効です：発行されていないか、新しいキーに置き換えられたか、失効しています",
      clientDisabled: "パートナークライアント {{client}} は無効化されています",
      dealerNeeded: "販売店のクライアントは販売店を代理します：販売店を選んでください",
      dealerOnlyForDealers: "販売店を代理するのは販売店のクライアントだけです。{{kind}} クライアントは代理しません",
      notYourEpc: "{{epc}} は {{dealer}} に出荷されていません：販売店は自社のコードしか見られません",
      notYourEvent:
        "イベント {{eventID}} は {{dealer}} に出荷されたコードに関するものではありません：販売店は自社のコードしか見られません",
      dealerSubscribes:
        "購読はクエリに合うすべてのイベントを送り、販売店のものに限りません：販売店の呼び出し元は /epcis/events をページ送りしてください",
    },
  },
);
