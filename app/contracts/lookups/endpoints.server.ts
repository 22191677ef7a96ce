import { endpoint } from "../api/endpoint";
import { optionalParentSchema, provinceQuerySchema, requiredParentSchema, type HallItem, type LookupItem } from "./schema";

/**
 * The address pickers and the hall list. Each path answers GET and POST alike (the POST reads the
 * query string and the body together): one declaration per method.
 */
export const lookupEndpoints = {
  countries: endpoint.get("/address/country/list").answers<LookupItem[]>(),
  countriesByPost: endpoint.post("/address/country/list").answers<LookupItem[]>(),
  /** China's provinces; another country has none (an empty list). */
  provinces: endpoint.get("/address/province/list", provinceQuerySchema).answers<LookupItem[]>(),
  provincesByPost: endpoint.post("/address/province/list", provinceQuerySchema).answers<LookupItem[]>(),
  cities: endpoint.get("/address/city/list", optionalParentSchema).answers<LookupItem[]>(),
  citiesByPost: endpoint.post("/address/city/list", optionalParentSchema).answers<LookupItem[]>(),
  districts: endpoint.get("/address/area/list", optionalParentSchema).answers<LookupItem[]>(),
  districtsByPost: endpoint.post("/address/area/list", optionalParentSchema).answers<LookupItem[]>(),
  /** The regions directly under one region code, whatever their level. */
  children: endpoint.get("/address/getByParentId", requiredParentSchema).answers<LookupItem[]>(),
  childrenByPost: endpoint.post("/address/getByParentId", requiredParentSchema).answers<LookupItem[]>(),
  halls: endpoint.get("/hall/list").answers<HallItem[]>(),
  hallsByPost: endpoint.post("/hall/list").answers<HallItem[]>(),
};
