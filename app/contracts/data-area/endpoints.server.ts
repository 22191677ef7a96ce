import { endpoint } from "../api/endpoint";
import type { DataClass, DataFile, DataFileList } from "./api-types";
import { dataClassIdSchema, dataClassSaveSchema, dataFileIdSchema, dataFileSaveSchema, dataFilesSchema } from "./schema";

/**
 * The data area (issue 41), under /smeb/dataArea as the spec names its calls ("file class list; files
 * by class ids"): every signed-in account browses and downloads what is published; the organizer
 * (roleId 1) also sees what is hidden and maintains classes and files.
 */
export const dataAreaEndpoints = {
  classes: endpoint.get("/smeb/dataArea/fileClass/list").answers<DataClass[]>(),
  files: endpoint.get("/smeb/dataArea/file/listByClassIds", dataFilesSchema).answers<DataFileList>(),
  /** The file itself; counts one download. */
  download: endpoint.get("/smeb/dataArea/file/download", dataFileIdSchema).file(),

  saveClass: endpoint.post("/smeb/dataArea/fileClass/save", dataClassSaveSchema).answers<DataClass[]>(),
  /** Refused while the class holds files. */
  deleteClass: endpoint.post("/smeb/dataArea/fileClass/delete", dataClassIdSchema).answers<DataClass[]>(),
  saveFile: endpoint.post("/smeb/dataArea/file/save", dataFileSaveSchema).answers<DataFile>(),
  deleteFile: endpoint.post("/smeb/dataArea/file/delete", dataFileIdSchema).answers<null>(),
};
