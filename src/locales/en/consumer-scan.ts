// Strings of the public consumer scan pages (spec §2: /c and /m/q/:qrcode), English.
const consumerScan = {
  consumerScan: {
    route: { title: "Consumer scan" },
    entry: {
      heading: "Verify your product",
      hint: "Enter the code printed next to the QR code on the product.",
      label: "Code",
      placeholder: "e.g. A1B2C3D4E5",
      submit: "Verify",
      required: "Please enter the code",
      pattern: "A code has only letters, digits, hyphens (-) and underscores (_)",
      tooLong: "A code has at most {{max}} characters",
      scan: "Scan the QR code",
      scanHint: "Point the camera at the QR code on the product",
      cancel: "Cancel",
      cameraFailed: "The camera could not be used; please enter the code instead",
    },
    result: {
      code: "Code",
      checking: "Verifying…",
      genuineTitle: "Genuine product",
      genuineText: "This is the first verification of this code.",
      repeatedTitle: "This code has been queried {{count}} times",
      repeatedFirst: "First queried on {{time}}",
      repeatedCaution: "If this is your first scan, this product may be counterfeit.",
      notFoundTitle: "Code not found",
      notFoundText: "This code is not in the manufacturer's records.",
      notFoundCaution: "Be careful: this product may be counterfeit.",
      invalidTitle: "This is not a valid code",
      invalidText:
        "A code has only letters, digits, - and _, and at most {{max}} characters. Please check it and enter it again.",
      errorTitle: "The code could not be verified",
      errorText: "Please check your connection and try again.",
      retry: "Try again",
      another: "Verify another code",
    },
    product: {
      title: "Product information",
      unavailable: "There is no product information for this code.",
      brand: "Brand",
      spec: "Specification",
      unit: "Packaging unit",
      barcode: "Barcode",
      batch: "Production batch",
      productionDate: "Production date",
      expiryDate: "Expiry date",
      shelfLife: "Shelf life",
      shelfLifeDays_one: "{{count}} day",
      shelfLifeDays_other: "{{count}} days",
      manufacturer: "Manufacturer",
      address: "Manufacturer address",
      imageAlt: "Photo of {{name}}",
    },
  },
};

export type ConsumerScanMessages = typeof consumerScan;
export default consumerScan;
