/** Vehicles and special shipments (issue 18; spec /exhibitTL). Each page's texts live beside in texts-<page>.en.ts. */
import blueCars from "./texts-blue-cars.en";
import common from "./texts-common.en";
import express from "./texts-express.en";
import overseas from "./texts-overseas.en";
import taiwan from "./texts-taiwan.en";
import trucks from "./texts-trucks.en";

const vehicles = { trucks, taiwan, express, overseas, blueCars, ...common };

export default vehicles;
