import ExcelJS from "exceljs";
import { vi } from "vitest";

/**
 * Every exceljs workbook load in this process, the in-process test server's included: an upload
 * refused from its bytes (rows counted in the sheet's XML, decision 043) is refused without one.
 * Instead of a time budget, a test says the workbook was never loaded; `mockRestore()` when done.
 */
export function watchWorkbookLoads() {
  const xlsx = Object.getPrototypeOf(new ExcelJS.Workbook().xlsx) as { load: (...args: unknown[]) => Promise<unknown> };
  return vi.spyOn(xlsx, "load");
}
