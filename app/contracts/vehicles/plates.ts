/**
 * Chinese vehicle plates (docs/product.md § Service orders: 7 or 8 characters starting with a Chinese character; issue
 * 18): the province's character, the city's letter, then five characters (letters and digits) or,
 * for new-energy plates, six (D or F and five more). Letters are upper case and never I or O, which
 * plates do not use. A trailer plate ends in 挂 after four characters.
 */
export const PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼";
const LETTER = "A-HJ-NP-Z";
const CHAR = `${LETTER}0-9`;

export const PLATE = new RegExp(`^[${PROVINCES}][${LETTER}](?:[${CHAR}]{5}|[DF][${CHAR}][0-9]{4}|[0-9]{5}[DF])$`);
export const TRAILER_PLATE = new RegExp(`^[${PROVINCES}][${LETTER}][${CHAR}]{4}挂$`);

/** What people type around a plate (spaces, the middle dot) is dropped; the case is kept, so a lower-case letter is refused. */
export const cleanPlate = (value: string) => value.replace(/[\s·•.-]/g, "");

export const isPlate = (value: string) => PLATE.test(cleanPlate(value));
export const isTrailerPlate = (value: string) => TRAILER_PLATE.test(cleanPlate(value));

/** HS codes on the customs form: 6 to 10 digits. */
export const HS_CODE = /^[0-9]{6,10}$/;
