// Strings of the public consumer scan pages (spec §2: /c and /m/q/:qrcode), Spanish.
import type { ConsumerScanMessages } from "../en/consumer-scan";

const consumerScan: ConsumerScanMessages = {
  consumerScan: {
    route: { title: "Escaneo del consumidor" },
    entry: {
      heading: "Verifique su producto",
      hint: "Introduzca el código impreso junto al código QR del producto.",
      label: "Código",
      placeholder: "p. ej. A1B2C3D4E5",
      submit: "Verificar",
      required: "Introduzca el código",
      pattern: "Un código solo tiene letras, dígitos, guiones (-) y guiones bajos (_)",
      tooLong: "Un código tiene como máximo {{max}} caracteres",
      scan: "Escanear el código QR",
      scanHint: "Apunte la cámara al código QR del producto",
      cancel: "Cancelar",
      cameraFailed: "No se pudo usar la cámara; introduzca el código a mano",
    },
    result: {
      code: "Código",
      checking: "Verificando…",
      genuineTitle: "Producto auténtico",
      genuineText: "Es la primera verificación de este código.",
      repeatedTitle: "Este código se ha consultado {{count}} veces",
      repeatedFirst: "Primera consulta: {{time}}",
      repeatedCaution: "Si es la primera vez que lo escanea, este producto podría ser una falsificación.",
      notFoundTitle: "Código no encontrado",
      notFoundText: "Este código no figura en los registros del fabricante.",
      notFoundCaution: "Atención: este producto podría ser una falsificación.",
      invalidTitle: "Este código no es válido",
      invalidText:
        "Un código solo tiene letras, dígitos, - y _, y como máximo {{max}} caracteres. Revíselo e introdúzcalo de nuevo.",
      errorTitle: "No se pudo verificar el código",
      errorText: "Compruebe su conexión e inténtelo de nuevo.",
      retry: "Reintentar",
      another: "Verificar otro código",
    },
    product: {
      title: "Información del producto",
      unavailable: "No hay información de producto para este código.",
      brand: "Marca",
      spec: "Especificación",
      unit: "Unidad de embalaje",
      barcode: "Código de barras",
      batch: "Lote de producción",
      productionDate: "Fecha de producción",
      expiryDate: "Fecha de caducidad",
      shelfLife: "Vida útil",
      shelfLifeDays_one: "{{count}} día",
      shelfLifeDays_other: "{{count}} días",
      manufacturer: "Fabricante",
      address: "Dirección del fabricante",
      imageAlt: "Foto de {{name}}",
    },
  },
};

export default consumerScan;
