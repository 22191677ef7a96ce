/** 导入无法读取工作簿时的提示（证件、展商、人员）：一处措辞，并入各导入自己的文案，键仍属各导入。 */
export const spreadsheetTexts = {
  noFile: "请选择要上传的 Excel 文件（.xlsx）",
  fileTooLarge: "文件超过 {{max}}，请拆分成较小的文件",
  notXlsx: "该文件不是 Excel 工作簿（.xlsx），请使用模板",
  oldXls: "不接受旧版 Excel 文件（.xls）：请用 Excel 打开并另存为 .xlsx",
  encrypted: "该工作簿设有密码，请取消密码后重新上传",
  macros: "不接受含宏的工作簿（.xlsm）：请另存为不含宏的 .xlsx",
  unpackedTooLarge: "该工作簿解压后超过 {{max}}，请上传较小的文件",
  rangesTooLarge: "该工作簿的合并单元格或下拉列表范围过大，请使用模板",
  noSheet: "该工作簿没有工作表",
  badHeader: "第一行须为模板的表头，缺少：{{missing}}",
  tooManyCells: "该工作簿的单元格（含有内容或格式）超过 {{max}} 个，请只使用模板中的列",
};
