// The fixed parts of a one-sheet workbook (ECMA-376 Part 1 and Part 2, OPC): what Excel and
// LibreOffice need beside the sheet itself to open the file. The sheet's name is the one variable.
import { xmlText } from "./xlsx-sheet";

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export const SHEET_PATH = "xl/worksheets/sheet1.xml";

/** Excel's sheet names: 1 to 31 characters, none of \ / ? * [ ] : */
export function sheetNameOf(title: string): string {
  return title.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1";
}

/** Every part but the sheet, in the order they are written. */
export function workbookParts(sheetName: string): [path: string, xml: string][] {
  return [
    [
      "[Content_Types].xml",
      XML +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        `<Override PartName="/${SHEET_PATH}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      XML +
        `<Relationships xmlns="${RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
        "</Relationships>",
    ],
    [
      "xl/workbook.xml",
      XML +
        `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}">` +
        `<sheets><sheet name="${xmlText(sheetNameOf(sheetName)).replace(/"/g, "&quot;")}" sheetId="1" r:id="rId1"/></sheets>` +
        "</workbook>",
    ],
    [
      "xl/_rels/workbook.xml.rels",
      XML +
        `<Relationships xmlns="${RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    ],
    [
      // The least stylesheet Excel accepts without a repair prompt: one font, the two fills it
      // reserves, one border, one format.
      "xl/styles.xml",
      XML +
        `<styleSheet xmlns="${MAIN}">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        "</styleSheet>",
    ],
  ];
}
