// A GS1 Digital Link on a label (/01/{gtin}/21/{serial}) opens the same scan page
// as /m/q/{code}: the serial is the code, and the scan call checks the link (GTIN and grammar) on
// the server before the code is looked up; a link that is not valid is answered as an invalid code.
import { useParams } from "react-router-dom";
import ConsumerScanResult from "./ConsumerScanResult";

export default function DigitalLinkScan() {
  const { serial = "" } = useParams();
  return <ConsumerScanResult code={serial} />;
}
