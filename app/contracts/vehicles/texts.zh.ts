/** 车辆与特殊运输（issue 18；规格 /exhibitTL）。各页面文字见 <类别>/texts.zh.ts。 */
import blueCars from "./blue-cars/texts.zh";
import common from "./texts-common.zh";
import express from "./express/texts.zh";
import overseas from "./overseas/texts.zh";
import taiwan from "./taiwan/texts.zh";
import trucks from "./trucks/texts.zh";

const vehicles = { trucks, taiwan, express, overseas, blueCars, ...common };

export default vehicles;
