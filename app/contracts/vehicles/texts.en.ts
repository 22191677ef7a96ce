/** Vehicles and special shipments (issue 18; spec /exhibitTL). Each page's texts live beside in <kind>/texts.en.ts. */
import blueCars from "./blue-cars/texts.en";
import common from "./texts-common.en";
import express from "./express/texts.en";
import overseas from "./overseas/texts.en";
import taiwan from "./taiwan/texts.en";
import trucks from "./trucks/texts.en";

const vehicles = { trucks, taiwan, express, overseas, blueCars, ...common };

export default vehicles;
