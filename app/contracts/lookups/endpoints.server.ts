import { endpoint, publicEndpoint } from "../api/endpoint";
import { optionalParentSchema, provinceQuerySchema, requiredParentSchema, type HallItem, type LookupItem, type RegionNode } from "./schema";

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
  /**
   * Every region at once, as a tree (issue 51: a form that changes its choices in the browser, with no
   * round trip per level). Public reference data, the same for everyone, so a page may fetch it
   * without its session and a browser cache may keep it (decision 050).
   */
  regions: publicEndpoint.get("/address/regions").answers<RegionNode[]>(),
  halls: endpoint.get("/hall/list").answers<HallItem[]>(),
  hallsByPost: endpoint.post("/hall/list").answers<HallItem[]>(),
};
