/** 车辆与特殊运输（issue 18；规格 /exhibitTL）。各页面文字见 texts-<页面>.zh.ts。 */
import blueCars from "./texts-blue-cars.zh";
import common from "./texts-common.zh";
import express from "./texts-express.zh";
import overseas from "./texts-overseas.zh";
import taiwan from "./texts-taiwan.zh";
import trucks from "./texts-trucks.zh";

const vehicles = { trucks, taiwan, express, overseas, blueCars, ...common };

export default vehicles;
