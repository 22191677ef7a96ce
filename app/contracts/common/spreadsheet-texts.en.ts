/**
 * What an import says of a workbook it cannot read (badges, exhibitors, staff): one wording, spread into
 * each import's own texts, so the keys stay the import's.
 */
export const spreadsheetTexts = {
  noFile: "Please choose an Excel file (.xlsx) to upload",
  fileTooLarge: "The file is larger than {{max}}; please split it into smaller files",
  notXlsx: "The file is not an Excel workbook (.xlsx); please use the template",
  oldXls: "Old Excel files (.xls) are not accepted: open the file in Excel and save it as .xlsx",
  encrypted: "The workbook is protected by a password; please remove the password and upload it again",
  macros: "Workbooks with macros (.xlsm) are not accepted: save the file as .xlsx without macros",
  unpackedTooLarge: "The workbook unpacks to more than {{max}}; please upload a smaller file",
  rangesTooLarge: "The workbook has merged cells or drop-downs over too large an area; please use the template",
  noSheet: "The workbook has no worksheet",
  badHeader: "The first row must hold the template's headers; missing: {{missing}}",
  tooManyCells: "The workbook has more than {{max}} cells (filled or formatted); please keep to the template's columns",
};
