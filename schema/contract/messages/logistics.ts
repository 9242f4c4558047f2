// Messages of waybills, shipping, waybill changes and files, returns, dealer regions, consumer scans, inspections and evidence.
// Words that vary inside a sentence (a code's or a waybill's status, a packaging level, "waybill W"
// against "an earlier row of this file") are messages of their own, passed as parameters, so each
// language words them itself; codes, numbers, names and waybill numbers are plain parameters.
import { defineArea } from "./define";

export const logistics = defineArea(
  {
    waybill: "waybill {{waybill_no}}",
    dealerId: "dealer {{id}}",
    "codeStatus.generated": "generated",
    "codeStatus.activated": "activated",
    "codeStatus.packed": "packed",
    "codeStatus.shipped": "shipped",
    "codeStatus.returned": "returned",
    "codeStatus.scrapped": "scrapped",
    "codeStatus.none": "without a status",
    "waybillStatus.pending": "pending",
    "waybillStatus.shipped": "shipped",
    "waybillStatus.received": "received",
    "waybillStatus.cancelled": "cancelled",
    "waybillStatus.unbound": "unbound",
    "warningStatus.pending": "pending",
    "warningStatus.processing": "processing",
    "warningStatus.verified": "verified",
    "warningStatus.handled": "handled",
    "warningStatus.ignored": "ignored",
    "level.item": "item",
    "level.box": "box",
    "level.case": "case",
    "level.pallet": "pallet",
    "level.package": "package",
    "codeKind.item": "an item code",
    "codeKind.box": "a box code",
    "codeKind.case": "a case code",
    "codeKind.pallet": "a pallet code",
    "codeKind.untyped": "an untyped code",

    voided: "{{code}} is voided",
    notActivated: "{{code}} is not activated",
    returnedNotFreed:
      "{{code}} was returned and is not yet freed; free it through 退货解绑 (return unlinks) before it ships again",
    alreadyShipped: "{{code}} is already shipped",
    alreadyOn: "{{code}} is already on {{waybill}}",
    insideAlreadyOn: "{{code}} is inside {{holder}}, which is already on {{waybill}}",
    notInStock: "{{code}} is {{status}}; only codes in stock ship",
    packedIn: "{{code}} is packed in {{level}} {{parent}}; ship the {{level}}, or unpack {{code}} first",
    emptyPackage: "{{code}} is an empty {{level}}: it holds no items",
    holdsAlreadyOn: "{{code}} holds {{inner}}, which is already on {{waybill}}",
    holdsNotInStock: "{{code}} holds {{inner}}, which is {{status}}",
    waybillNotDraft: "waybill {{waybill_no}} is {{status}}; codes are added to a draft (pending) waybill only",
    notOnLiveWaybill: "{{code}} is not on a draft or shipped waybill",
    insidePackageOn: "{{code}} is inside {{holder}} on waybill {{waybill_no}}; change {{holder}} instead",
    insideUnknownPackageOn: "{{code}} is inside a package on waybill {{waybill_no}}; change the package instead",
    waybillEmpty: "waybill {{waybill_no}} has no codes; add codes before shipping",
    waybillMissing: "waybill {{id}} does not exist",
    unbindDraft:
      "{{code}} is on waybill {{waybill_no}}, which is a draft (not shipped); cancel the draft instead of unbinding it",
    unbindNotShipped: "waybill {{waybill_no}} is {{status}}; only a shipped waybill is unbound",
    exchangeSameCode: "must differ from old_code",
    exchangeLevel: "{{code}} is {{kind}}; {{old}} is {{oldKind}}, and an exchange keeps the level",

    "return.alreadyReturned": "{{code}} was already returned; it is not with a dealer",
    "return.neverShipped": "{{code}} was never shipped (it is {{status}}); only shipped codes are returned",
    "return.wrongDealer":
      "{{code}} was shipped to {{shippedTo}}, not to {{dealer}}; only the dealer it was shipped to returns it",
    "return.noCodes": "name at least one code",
    "return.rmaOtherDealer": "RMA {{return_no}} is a return of {{dealer}}; choose that dealer, or start another RMA",
    "return.rmaOtherWarehouse":
      "RMA {{return_no}} is received at {{warehouse}}; choose that warehouse, or start another RMA",
    "return.rmaFull": "RMA {{return_no}} holds as many codes as it can; start another RMA",
    unpackedAtDealer:
      "{{code}} was taken out of its package on waybill {{waybill_no}} at the dealer and is with the dealer; return it through 退货 (returns) instead",
    "dealerUnpack.returned": "{{code}} was returned; it is no longer with a dealer",
    "dealerUnpack.inStock":
      "{{code}} is {{status}} and still in stock, not at a dealer; unpack it through 关联解除 (packaging unlinks)",
    "dealerUnpack.notShipped": "{{code}} is {{status}}; only a code shipped to a dealer is unpacked there",
    "dealerUnpack.notPacked": "{{code}} is in no package; to open {{code}} itself, unpack it as a whole package",
    "dealerUnpack.shippedUseDealer":
      "{{code}} was shipped to {{dealer}}; unpack it there through 经销商拆包 (unpack at the dealer)",
    "dealerUnpack.returnedFreeFirst":
      "{{code}} was returned and is not yet freed; free it (or the package it came back in) through 退货解绑 (return unlinks) before unpacking it",
    "return.notReturned": "{{code}} is {{status}}, not returned; only a returned code is freed",
    "return.insideReturnedPackage":
      "{{code}} is inside {{parent}}, which was returned with it; free {{parent}} instead",
    "returnCancel.notReturned": "{{code}} is {{status}}, not returned; only a code received as a return is taken back",
    "returnCancel.insidePackage": "{{code}} came back inside {{parent}}; take back the receipt of {{parent}} instead",
    "returnCancel.notLastReceipt":
      "the last event of {{code}} is {{event}}, not its receipt as a return; only a receipt nothing has followed is taken back",
    "returnCancel.manyCodes":
      "{{code}} was received with {{count}} other codes under RMA {{return_no}}; taking back part of a receipt of several codes is not supported here: free the code through 退货解绑 (return unlinks)",

    "upload.notSpreadsheet": "{{file}}: only .csv and .xlsx files are read",
    "upload.unreadable": "{{file}} could not be read as {{kind}}: {{detail}}",
    "upload.noCodes": "{{file}} holds no codes",
    "upload.row": "row {{row}}: {{reason}}",
    "upload.noCode": "no code",
    "upload.earlierRow": "an earlier row of this file",
    "upload.numberTaken":
      "waybill {{waybill_no}} already exists ({{status}}); an uploaded waybill keeps its own number, and one number is one waybill",
    "upload.numberMismatch": "the waybill number {{given}} differs from {{inFile}}, the one {{file}} names",
    "upload.manyNumbers": "{{file}} names more than one waybill number ({{numbers}}); one file is one waybill",
    "upload.badNumber":
      "{{waybill_no}} cannot be a waybill number: at most {{max}} characters, only letters, digits and -_.~`@#$^&*()+￥",
    "upload.refused": "upload refused, no waybill was created: {{count}} of {{total}} rows have problems: {{rows}}",
    "upload.refusedMore":
      "upload refused, no waybill was created: {{count}} of {{total}} rows have problems: {{rows}}; and {{more}} more",

    "region.notProvinceOrCity": "{{code}} is not a province or a city of GB/T 2260; authorise a province or a city",
    "region.alreadyHeld": "the dealer is already authorised for {{region}}",
    "region.insideHeld": "{{region}} lies in {{province}}, which the dealer is already authorised for",
    "region.containsOne":
      "{{region}} contains {{inside}}, which the dealer is already authorised for; withdraw it first",
    "region.containsMany":
      "{{region}} contains {{inside}}, which the dealer is already authorised for; withdraw them first",

    "inspection.warningSettled": "the warning is already {{status}}; only a pending or in-progress warning is settled",
    "inspection.otherCode": "the warning is about {{code}}, not {{given}}",

    "evidence.missing": "evidence {{id}} does not exist",
    "evidence.noPhoto": "evidence {{evidence_no}} has no photo; upload at least one before submitting",
    "evidence.submitted": "evidence {{evidence_no}} is submitted; its photos cannot change",
    "evidence.notMultipart": "send multipart/form-data with evidence_id and the photo files",
    "evidence.badId": "must be an evidence record's id",
    "evidence.noFile": "send at least one photo",
    "evidence.notImage": "{{file}} is not a JPEG, PNG or WebP image",
    "evidence.photoTooLarge": "{{file}} is larger than {{limit}} MiB",
    "evidence.photoMissing": "photo {{id}} does not exist",

    "scan.badDigitalLink": "/01/{{gtin}}/21/{{serial}} is not a valid GS1 Digital Link (check the GTIN's check digit)",
  },
  {
    zh: {
      waybill: "运单 {{waybill_no}}",
      dealerId: "经销商 {{id}}",
      "codeStatus.generated": "已生成",
      "codeStatus.activated": "已激活",
      "codeStatus.packed": "已关联",
      "codeStatus.shipped": "已出库",
      "codeStatus.returned": "已退货",
      "codeStatus.scrapped": "已作废",
      "codeStatus.none": "无状态",
      "waybillStatus.pending": "待发货",
      "waybillStatus.shipped": "已发货",
      "waybillStatus.received": "已签收",
      "waybillStatus.cancelled": "已取消",
      "waybillStatus.unbound": "已解绑",
      "warningStatus.pending": "待处理",
      "warningStatus.processing": "处理中",
      "warningStatus.verified": "已核实",
      "warningStatus.handled": "已处理",
      "warningStatus.ignored": "已忽略",
      "level.item": "单品",
      "level.box": "盒",
      "level.case": "箱",
      "level.pallet": "托盘",
      "level.package": "包装",
      "codeKind.item": "单品码",
      "codeKind.box": "盒码",
      "codeKind.case": "箱码",
      "codeKind.pallet": "垛码",
      "codeKind.untyped": "未分级的码",

      voided: "{{code}} 已作废",
      notActivated: "{{code}} 尚未激活",
      returnedNotFreed: "{{code}} 已退货且尚未解绑；请先通过退货解绑释放它，再重新发货",
      alreadyShipped: "{{code}} 已出库",
      alreadyOn: "{{code}} 已列入{{waybill}}",
      insideAlreadyOn: "{{code}} 位于 {{holder}} 内，该包装已列入{{waybill}}",
      notInStock: "{{code}} 当前状态为{{status}}；只有在库的码才能发货",
      packedIn: "{{code}} 已装入{{level}} {{parent}}；请整{{level}}发货，或先将 {{code}} 拆出",
      emptyPackage: "{{code}} 是空{{level}}：其中没有任何单品",
      holdsAlreadyOn: "{{code}} 内含 {{inner}}，该码已列入{{waybill}}",
      holdsNotInStock: "{{code}} 内含 {{inner}}，该码当前状态为{{status}}",
      waybillNotDraft: "运单 {{waybill_no}} 当前状态为{{status}}；只能向待发货的运单添加码",
      notOnLiveWaybill: "{{code}} 不在任何待发货或已发货的运单上",
      insidePackageOn: "{{code}} 位于运单 {{waybill_no}} 上的 {{holder}} 内；请改为操作 {{holder}}",
      insideUnknownPackageOn: "{{code}} 位于运单 {{waybill_no}} 上的某个包装内；请改为操作该包装",
      waybillEmpty: "运单 {{waybill_no}} 中没有码；请先添加码再发货",
      waybillMissing: "运单 {{id}} 不存在",
      unbindDraft: "{{code}} 所在的运单 {{waybill_no}} 尚未发货（待发货）；请取消该运单，而不是解绑",
      unbindNotShipped: "运单 {{waybill_no}} 当前状态为{{status}}；只能解绑已发货的运单",
      exchangeSameCode: "必须与原码不同",
      exchangeLevel: "{{code}} 是{{kind}}，{{old}} 是{{oldKind}}；换货必须保持同一包装级别",

      "return.alreadyReturned": "{{code}} 已退货，不在经销商处",
      "return.neverShipped": "{{code}} 从未发货（当前状态为{{status}}）；只有已发货的码才能退货",
      "return.wrongDealer": "{{code}} 发往的是 {{shippedTo}}，而不是 {{dealer}}；只有收货的经销商才能退货",
      "return.noCodes": "请至少填写一个码",
      "return.rmaOtherDealer": "退货单 {{return_no}} 属于 {{dealer}} 的退货；请选择该经销商，或另开一个退货单",
      "return.rmaOtherWarehouse": "退货单 {{return_no}} 在 {{warehouse}} 收货；请选择该仓库，或另开一个退货单",
      "return.rmaFull": "退货单 {{return_no}} 已容纳不下更多的码；请另开一个退货单",
      unpackedAtDealer: "{{code}} 已在经销商处从运单 {{waybill_no}} 上的包装中拆出，现由经销商持有；请改为通过退货处理",
      "dealerUnpack.returned": "{{code}} 已退货，不在经销商处",
      "dealerUnpack.inStock": "{{code}} {{status}}，仍在库中而不在经销商处；请通过关联解除拆包",
      "dealerUnpack.notShipped": "{{code}} {{status}}；只有已发往经销商的码才能在经销商处拆包",
      "dealerUnpack.notPacked": "{{code}} 没有装在任何包装中；要拆开 {{code}} 本身，请选择整包拆包",
      "dealerUnpack.shippedUseDealer": "{{code}} 已发往 {{dealer}}；请通过经销商拆包在经销商处拆包",
      "dealerUnpack.returnedFreeFirst":
        "{{code}} 已退货且尚未解绑；请先通过退货解绑释放它（或与它一同退回的包装），再拆包",
      "return.notReturned": "{{code}} 当前状态为{{status}}，并未退货；只有已退货的码才能退货解绑",
      "return.insideReturnedPackage": "{{code}} 位于 {{parent}} 内，{{parent}} 已与它一同退货；请改为解绑 {{parent}}",
      "returnCancel.notReturned": "{{code}} 当前状态为{{status}}，并未退货；只有作为退货收下的码才能撤销收货",
      "returnCancel.insidePackage": "{{code}} 是装在 {{parent}} 内一同退回的；请改为撤销 {{parent}} 的收货",
      "returnCancel.notLastReceipt":
        "{{code}} 的最近一次流转是{{event}}，不是退货收货；只有之后没有其他流转的收货才能撤销",
      "returnCancel.manyCodes":
        "{{code}} 与另外 {{count}} 个码在退货单 {{return_no}} 中一同收货；此处不支持撤销多码收货中的一部分，请通过退货解绑释放该码",

      "upload.notSpreadsheet": "{{file}}：只能读取 .csv 和 .xlsx 文件",
      "upload.unreadable": "{{file}} 无法按 {{kind}} 格式读取：{{detail}}",
      "upload.noCodes": "{{file}} 中没有码",
      "upload.row": "第 {{row}} 行：{{reason}}",
      "upload.noCode": "没有码",
      "upload.earlierRow": "本文件前面的行",
      "upload.numberTaken":
        "运单 {{waybill_no}} 已存在（{{status}}）；上传的运单保留自己的单号，一个单号只对应一张运单",
      "upload.numberMismatch": "填写的运单号 {{given}} 与 {{file}} 中的运单号 {{inFile}} 不一致",
      "upload.manyNumbers": "{{file}} 中有多个运单号（{{numbers}}）；一个文件只对应一张运单",
      "upload.badNumber": "{{waybill_no}} 不能作为运单号：最多 {{max}} 个字符，只能包含字母、数字和 -_.~`@#$^&*()+￥",
      "upload.refused": "上传被拒绝，未创建运单：{{total}} 行中有 {{count}} 行有问题：{{rows}}",
      "upload.refusedMore": "上传被拒绝，未创建运单：{{total}} 行中有 {{count}} 行有问题：{{rows}}；另有 {{more}} 行",

      "region.notProvinceOrCity": "{{code}} 不是 GB/T 2260 中的省或市；请授权省或市",
      "region.alreadyHeld": "该经销商已获 {{region}} 的授权",
      "region.insideHeld": "{{region}} 位于 {{province}} 内，该经销商已获 {{province}} 的授权",
      "region.containsOne": "{{region}} 包含 {{inside}}，该经销商已获其授权；请先撤销该授权",
      "region.containsMany": "{{region}} 包含 {{inside}}，该经销商已获这些区域的授权；请先撤销这些授权",

      "inspection.warningSettled": "该预警当前状态为{{status}}；只能处理待处理或处理中的预警",
      "inspection.otherCode": "该预警针对的是 {{code}}，而不是 {{given}}",

      "evidence.missing": "取证记录 {{id}} 不存在",
      "evidence.noPhoto": "取证 {{evidence_no}} 没有照片；请至少上传一张后再提交",
      "evidence.submitted": "取证 {{evidence_no}} 已提交，照片不能再修改",
      "evidence.notMultipart": "请以 multipart/form-data 发送 evidence_id 和照片文件",
      "evidence.badId": "必须是取证记录的编号",
      "evidence.noFile": "请至少上传一张照片",
      "evidence.notImage": "{{file}} 不是 JPEG、PNG 或 WebP 图片",
      "evidence.photoTooLarge": "{{file}} 超过 {{limit}} MiB",
      "evidence.photoMissing": "照片 {{id}} 不存在",

      "scan.badDigitalLink": "/01/{{gtin}}/21/{{serial}} 不是有效的 GS1 数字链接（请检查 GTIN 的校验位）",
    },
    es: {
      waybill: "el albarán {{waybill_no}}",
      dealerId: "el distribuidor {{id}}",
      "codeStatus.generated": "generado",
      "codeStatus.activated": "activado",
      "codeStatus.packed": "embalado",
      "codeStatus.shipped": "enviado",
      "codeStatus.returned": "devuelto",
      "codeStatus.scrapped": "anulado",
      "codeStatus.none": "sin estado",
      "waybillStatus.pending": "pendiente de envío",
      "waybillStatus.shipped": "enviado",
      "waybillStatus.received": "recibido",
      "waybillStatus.cancelled": "cancelado",
      "waybillStatus.unbound": "desvinculado",
      "warningStatus.pending": "pendiente",
      "warningStatus.processing": "en curso",
      "warningStatus.verified": "verificada",
      "warningStatus.handled": "resuelta",
      "warningStatus.ignored": "ignorada",
      "level.item": "unidad",
      "level.box": "caja pequeña",
      "level.case": "caja",
      "level.pallet": "palé",
      "level.package": "embalaje",
      "codeKind.item": "un código de unidad",
      "codeKind.box": "un código de caja pequeña",
      "codeKind.case": "un código de caja",
      "codeKind.pallet": "un código de palé",
      "codeKind.untyped": "un código sin nivel",

      voided: "{{code}} está anulado",
      notActivated: "{{code}} no está activado",
      returnedNotFreed:
        "{{code}} se devolvió y aún no se ha liberado; libérelo con 退货解绑 (desvincular devoluciones) antes de volver a enviarlo",
      alreadyShipped: "{{code}} ya está enviado",
      alreadyOn: "{{code}} ya está en {{waybill}}",
      insideAlreadyOn: "{{code}} está dentro de {{holder}}, que ya está en {{waybill}}",
      notInStock: "el estado de {{code}} es «{{status}}»; solo se envían códigos en existencias",
      packedIn:
        "{{code}} está embalado en {{level}} {{parent}}; envíe el embalaje completo ({{level}}) o desembale antes {{code}}",
      emptyPackage: "{{code}} es un embalaje vacío ({{level}}): no contiene ninguna unidad",
      holdsAlreadyOn: "{{code}} contiene {{inner}}, que ya está en {{waybill}}",
      holdsNotInStock: "{{code}} contiene {{inner}}, cuyo estado es «{{status}}»",
      waybillNotDraft:
        "el albarán {{waybill_no}} está en estado «{{status}}»; solo se añaden códigos a un albarán en borrador (pendiente de envío)",
      notOnLiveWaybill: "{{code}} no está en ningún albarán en borrador ni enviado",
      insidePackageOn:
        "{{code}} está dentro de {{holder}} en el albarán {{waybill_no}}; modifique {{holder}} en su lugar",
      insideUnknownPackageOn:
        "{{code}} está dentro de un embalaje en el albarán {{waybill_no}}; modifique ese embalaje en su lugar",
      waybillEmpty: "el albarán {{waybill_no}} no tiene códigos; añada códigos antes de enviarlo",
      waybillMissing: "el albarán {{id}} no existe",
      unbindDraft:
        "{{code}} está en el albarán {{waybill_no}}, que es un borrador (no enviado); cancele el borrador en lugar de desvincularlo",
      unbindNotShipped: "el albarán {{waybill_no}} está en estado «{{status}}»; solo se desvincula un albarán enviado",
      exchangeSameCode: "debe ser distinto del código original",
      exchangeLevel: "{{code}} es {{kind}}; {{old}} es {{oldKind}}, y un cambio mantiene el nivel de embalaje",

      "return.alreadyReturned": "{{code}} ya se devolvió; no está en manos de ningún distribuidor",
      "return.neverShipped": "{{code}} nunca se envió (su estado es «{{status}}»); solo se devuelven códigos enviados",
      "return.wrongDealer":
        "{{code}} se envió a {{shippedTo}}, no a {{dealer}}; solo lo devuelve el distribuidor al que se envió",
      "return.noCodes": "indique al menos un código",
      "return.rmaOtherDealer":
        "La RMA {{return_no}} es una devolución de {{dealer}}; elija ese distribuidor o abra otra RMA",
      "return.rmaOtherWarehouse": "La RMA {{return_no}} se recibe en {{warehouse}}; elija ese almacén o abra otra RMA",
      "return.rmaFull": "La RMA {{return_no}} no admite más códigos; abra otra RMA",
      unpackedAtDealer:
        "{{code}} se sacó en el distribuidor de su embalaje del albarán {{waybill_no}} y está en manos del distribuidor; devuélvalo con 退货 (devoluciones) en su lugar",
      "dealerUnpack.returned": "{{code}} se devolvió; ya no está en manos de ningún distribuidor",
      "dealerUnpack.inStock":
        "el estado de {{code}} es «{{status}}»: sigue en existencias, no en un distribuidor; desembálelo con 关联解除 (desvincular embalaje)",
      "dealerUnpack.notShipped":
        "el estado de {{code}} es «{{status}}»; solo se desembala en el distribuidor un código enviado a él",
      "dealerUnpack.notPacked":
        "{{code}} no está dentro de ningún embalaje; para abrir {{code}}, desembálelo como paquete completo",
      "dealerUnpack.shippedUseDealer":
        "{{code}} se envió a {{dealer}}; desembálelo allí con 经销商拆包 (desembalar en el distribuidor)",
      "dealerUnpack.returnedFreeFirst":
        "{{code}} se devolvió y aún no se ha liberado; libérelo (o el embalaje con el que volvió) con 退货解绑 (desvincular devoluciones) antes de desembalarlo",
      "return.notReturned": "el estado de {{code}} es «{{status}}», no devuelto; solo se libera un código devuelto",
      "return.insideReturnedPackage":
        "{{code}} está dentro de {{parent}}, que se devolvió con él; libere {{parent}} en su lugar",
      "returnCancel.notReturned":
        "el estado de {{code}} es «{{status}}», no devuelto; solo se anula la recepción de un código recibido como devolución",
      "returnCancel.insidePackage":
        "{{code}} volvió dentro de {{parent}}; anule la recepción de {{parent}} en su lugar",
      "returnCancel.notLastReceipt":
        "el último evento de {{code}} es «{{event}}», no su recepción como devolución; solo se anula una recepción a la que no siguió nada",
      "returnCancel.manyCodes":
        "{{code}} se recibió con otros {{count}} códigos en el RMA {{return_no}}; aquí no se anula parte de una recepción de varios códigos: libere el código con 退货解绑 (desvincular devoluciones)",

      "upload.notSpreadsheet": "{{file}}: solo se leen archivos .csv y .xlsx",
      "upload.unreadable": "no se pudo leer {{file}} como {{kind}}: {{detail}}",
      "upload.noCodes": "{{file}} no contiene códigos",
      "upload.row": "fila {{row}}: {{reason}}",
      "upload.noCode": "sin código",
      "upload.earlierRow": "una fila anterior de este archivo",
      "upload.numberTaken":
        "el albarán {{waybill_no}} ya existe ({{status}}); un albarán subido conserva su propio número, y cada número es un solo albarán",
      "upload.numberMismatch": "el número de albarán {{given}} no coincide con {{inFile}}, el que indica {{file}}",
      "upload.manyNumbers": "{{file}} indica más de un número de albarán ({{numbers}}); un archivo es un solo albarán",
      "upload.badNumber":
        "{{waybill_no}} no puede ser un número de albarán: como máximo {{max}} caracteres, solo letras, cifras y -_.~`@#$^&*()+￥",
      "upload.refused":
        "carga rechazada, no se creó ningún albarán: {{count}} de {{total}} filas tienen problemas: {{rows}}",
      "upload.refusedMore":
        "carga rechazada, no se creó ningún albarán: {{count}} de {{total}} filas tienen problemas: {{rows}}; y {{more}} más",

      "region.notProvinceOrCity":
        "{{code}} no es una provincia ni una ciudad de GB/T 2260; autorice una provincia o una ciudad",
      "region.alreadyHeld": "el distribuidor ya está autorizado para {{region}}",
      "region.insideHeld": "{{region}} está en {{province}}, para la que el distribuidor ya está autorizado",
      "region.containsOne":
        "{{region}} contiene {{inside}}, para la que el distribuidor ya está autorizado; retire antes esa autorización",
      "region.containsMany":
        "{{region}} contiene {{inside}}, para las que el distribuidor ya está autorizado; retire antes esas autorizaciones",

      "inspection.warningSettled": "la alerta ya está {{status}}; solo se resuelve una alerta pendiente o en curso",
      "inspection.otherCode": "la alerta se refiere a {{code}}, no a {{given}}",

      "evidence.missing": "la prueba {{id}} no existe",
      "evidence.noPhoto": "la prueba {{evidence_no}} no tiene fotos; suba al menos una antes de enviarla",
      "evidence.submitted": "la prueba {{evidence_no}} ya se envió; sus fotos no pueden cambiar",
      "evidence.notMultipart": "envíe multipart/form-data con evidence_id y los archivos de las fotos",
      "evidence.badId": "debe ser el id de un registro de pruebas",
      "evidence.noFile": "envíe al menos una foto",
      "evidence.notImage": "{{file}} no es una imagen JPEG, PNG o WebP",
      "evidence.photoTooLarge": "{{file}} supera {{limit}} MiB",
      "evidence.photoMissing": "la foto {{id}} no existe",

      "scan.badDigitalLink":
        "/01/{{gtin}}/21/{{serial}} no es un GS1 Digital Link válido (compruebe el dígito de control del GTIN)",
    },
    ja: {
      waybill: "送り状 {{waybill_no}}",
      dealerId: "販売店 {{id}}",
      "codeStatus.generated": "生成済み",
      "codeStatus.activated": "有効化済み",
      "codeStatus.packed": "包装関連付け済み",
      "codeStatus.shipped": "出庫済み",
      "codeStatus.returned": "返品済み",
      "codeStatus.scrapped": "廃棄済み",
      "codeStatus.none": "状態なし",
      "waybillStatus.pending": "出荷待ち",
      "waybillStatus.shipped": "出荷済み",
      "waybillStatus.received": "受領済み",
      "waybillStatus.cancelled": "キャンセル済み",
      "waybillStatus.unbound": "紐付け解除済み",
      "warningStatus.pending": "未対応",
      "warningStatus.processing": "対応中",
      "warningStatus.verified": "確認済み",
      "warningStatus.handled": "対応済み",
      "warningStatus.ignored": "無視",
      "level.item": "単品",
      "level.box": "小箱",
      "level.case": "箱",
      "level.pallet": "パレット",
      "level.package": "包装",
      "codeKind.item": "単品コード",
      "codeKind.box": "小箱コード",
      "codeKind.case": "箱コード",
      "codeKind.pallet": "パレットコード",
      "codeKind.untyped": "階層のないコード",

      voided: "{{code}} は廃棄済みです",
      notActivated: "{{code}} は有効化されていません",
      returnedNotFreed:
        "{{code}} は返品され、まだ解除されていません。再出荷の前に 退货解绑（返品コードの関連解除）で解除してください",
      alreadyShipped: "{{code}} は既に出荷されています",
      alreadyOn: "{{code}} は既に{{waybill}}に含まれています",
      insideAlreadyOn: "{{code}} は {{holder}} の中にあり、その包装は既に{{waybill}}に含まれています",
      notInStock: "{{code}} の状態は「{{status}}」です。在庫にあるコードのみ出荷できます",
      packedIn:
        "{{code}} は{{level}} {{parent}} に梱包されています。{{level}}ごと出荷するか、先に {{code}} を取り出してください",
      emptyPackage: "{{code}} は空の{{level}}です。単品が入っていません",
      holdsAlreadyOn: "{{code}} には {{inner}} が入っており、そのコードは既に{{waybill}}に含まれています",
      holdsNotInStock: "{{code}} には {{inner}} が入っており、その状態は「{{status}}」です",
      waybillNotDraft:
        "送り状 {{waybill_no}} の状態は「{{status}}」です。コードを追加できるのは出荷待ちの送り状だけです",
      notOnLiveWaybill: "{{code}} は出荷待ちまたは出荷済みのどの送り状にも含まれていません",
      insidePackageOn:
        "{{code}} は送り状 {{waybill_no}} の {{holder}} の中にあります。代わりに {{holder}} を変更してください",
      insideUnknownPackageOn:
        "{{code}} は送り状 {{waybill_no}} の包装の中にあります。代わりにその包装を変更してください",
      waybillEmpty: "送り状 {{waybill_no}} にコードがありません。出荷の前にコードを追加してください",
      waybillMissing: "送り状 {{id}} は存在しません",
      unbindDraft:
        "{{code}} は送り状 {{waybill_no}} に含まれていますが、この送り状は未出荷（出荷待ち）です。関連解除ではなく送り状をキャンセルしてください",
      unbindNotShipped: "送り状 {{waybill_no}} の状態は「{{status}}」です。関連解除できるのは出荷済みの送り状だけです",
      exchangeSameCode: "元のコードと異なる必要があります",
      exchangeLevel: "{{code}} は{{kind}}、{{old}} は{{oldKind}}です。交換では包装階層を変えられません",

      "return.alreadyReturned": "{{code}} は既に返品されており、販売店の手元にありません",
      "return.neverShipped":
        "{{code}} は一度も出荷されていません（状態は「{{status}}」）。返品できるのは出荷済みのコードだけです",
      "return.wrongDealer":
        "{{code}} の出荷先は {{shippedTo}} で、{{dealer}} ではありません。返品できるのは出荷先の販売店だけです",
      "return.noCodes": "コードを 1 つ以上指定してください",
      "return.rmaOtherDealer":
        "RMA {{return_no}} は {{dealer}} の返品です。その販売店を選ぶか、別の RMA を始めてください",
      "return.rmaOtherWarehouse":
        "RMA {{return_no}} は {{warehouse}} で受け入れます。その倉庫を選ぶか、別の RMA を始めてください",
      "return.rmaFull": "RMA {{return_no}} にはこれ以上コードを追加できません。別の RMA を始めてください",
      unpackedAtDealer:
        "{{code}} は販売店で送り状 {{waybill_no}} の包装から取り出され、販売店の手元にあります。代わりに返品（退货）してください",
      "dealerUnpack.returned": "{{code}} は返品済みで、販売店の手元にありません",
      "dealerUnpack.inStock":
        "{{code}} の状態は「{{status}}」で、販売店ではなく在庫にあります。関連付け解除（关联解除）で開梱してください",
      "dealerUnpack.notShipped":
        "{{code}} の状態は「{{status}}」です。販売店で開梱できるのは販売店へ出荷されたコードだけです",
      "dealerUnpack.notPacked":
        "{{code}} はどの包装にも入っていません。{{code}} 自体を開けるには梱包ごと開梱してください",
      "dealerUnpack.shippedUseDealer":
        "{{code}} は {{dealer}} へ出荷済みです。販売店での開梱（经销商拆包）で開梱してください",
      "dealerUnpack.returnedFreeFirst":
        "{{code}} は返品済みでまだ解除されていません。開梱の前に、返品コード関連解除（退货解绑）でこのコード（または一緒に返品された包装）を解除してください",
      "return.notReturned":
        "{{code}} の状態は「{{status}}」で、返品されていません。解除できるのは返品済みのコードだけです",
      "return.insideReturnedPackage":
        "{{code}} は {{parent}} の中にあり、一緒に返品されました。代わりに {{parent}} を解除してください",
      "returnCancel.notReturned":
        "{{code}} の状態は「{{status}}」で、返品ではありません。返品として受け入れたコードだけが受入を取り消せます",
      "returnCancel.insidePackage":
        "{{code}} は {{parent}} に入ったまま返品されました。{{parent}} の受入を取り消してください",
      "returnCancel.notLastReceipt":
        "{{code}} の最後のイベントは「{{event}}」で、返品受入ではありません。後に何も続いていない受入だけが取り消せます",
      "returnCancel.manyCodes":
        "{{code}} は RMA {{return_no}} で他の {{count}} 件のコードと一緒に受け入れられました。複数コードの受入の一部取り消しはここでは扱いません。返品の関連解除（退货解绑）でコードを解放してください",

      "upload.notSpreadsheet": "{{file}}: 読み込めるのは .csv と .xlsx ファイルだけです",
      "upload.unreadable": "{{file}} を {{kind}} として読み込めませんでした: {{detail}}",
      "upload.noCodes": "{{file}} にコードがありません",
      "upload.row": "{{row}} 行目: {{reason}}",
      "upload.noCode": "コードがありません",
      "upload.earlierRow": "このファイルの前の行",
      "upload.numberTaken":
        "送り状 {{waybill_no}} はすでに存在します（{{status}}）。アップロードした送り状は自身の番号を保持し、1つの番号は1つの送り状です",
      "upload.numberMismatch": "入力された送り状番号 {{given}} が {{file}} の送り状番号 {{inFile}} と一致しません",
      "upload.manyNumbers": "{{file}} に複数の送り状番号があります（{{numbers}}）。1つのファイルは1つの送り状です",
      "upload.badNumber": "{{waybill_no}} は送り状番号にできません: 最大 {{max}} 文字、英数字と -_.~`@#$^&*()+￥ のみ",
      "upload.refused":
        "アップロードは拒否され、送り状は作成されませんでした: {{total}} 行中 {{count}} 行に問題があります: {{rows}}",
      "upload.refusedMore":
        "アップロードは拒否され、送り状は作成されませんでした: {{total}} 行中 {{count}} 行に問題があります: {{rows}}; ほか {{more}} 行",

      "region.notProvinceOrCity": "{{code}} は GB/T 2260 の省または市ではありません。省または市を認可してください",
      "region.alreadyHeld": "この販売店は既に {{region}} の認可を受けています",
      "region.insideHeld": "{{region}} は {{province}} の中にあり、この販売店は既に {{province}} の認可を受けています",
      "region.containsOne":
        "{{region}} には {{inside}} が含まれ、この販売店は既にその認可を受けています。先にその認可を取り消してください",
      "region.containsMany":
        "{{region}} には {{inside}} が含まれ、この販売店は既にそれらの認可を受けています。先にそれらの認可を取り消してください",

      "inspection.warningSettled":
        "この警告の状態は既に「{{status}}」です。処理できるのは未対応または対応中の警告だけです",
      "inspection.otherCode": "この警告は {{code}} に関するもので、{{given}} ではありません",

      "evidence.missing": "証拠 {{id}} は存在しません",
      "evidence.noPhoto": "証拠 {{evidence_no}} に写真がありません。提出の前に 1 枚以上アップロードしてください",
      "evidence.submitted": "証拠 {{evidence_no}} は提出済みのため、写真を変更できません",
      "evidence.notMultipart": "evidence_id と写真ファイルを multipart/form-data で送信してください",
      "evidence.badId": "証拠収集記録の id である必要があります",
      "evidence.noFile": "写真を 1 枚以上送信してください",
      "evidence.notImage": "{{file}} は JPEG、PNG、WebP のいずれの画像でもありません",
      "evidence.photoTooLarge": "{{file}} は {{limit}} MiB を超えています",
      "evidence.photoMissing": "写真 {{id}} は存在しません",

      "scan.badDigitalLink":
        "/01/{{gtin}}/21/{{serial}} は有効な GS1 Digital Link ではありません（GTIN のチェックデジットを確認してください）",
    },
  },
);
