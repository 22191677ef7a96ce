import type { Resource } from "./en";
import core from "./zh-core";
import { contractDomains } from "../../domains";

/** 全部中文文案：核心文案与各领域在其 domain.ts 中声明的文案（服务器用；浏览器中每页只加载本栏目的文案，见 docs/decisions/022、063）。键与 en.ts 一致（由单元测试检查）。 */
const zh: Resource = Object.assign({}, core, ...contractDomains.map((domain) => domain.serverTexts?.().zh ?? {}));

export default zh;
