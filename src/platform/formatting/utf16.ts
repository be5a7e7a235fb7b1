/**
 * Text measurement. JavaScript strings are UTF-16, which is what entity offsets count; the reference counts
 * limits in code points and reports parser positions as UTF-8 byte offsets, so both are derived here.
 */

/** Length in Unicode code points (the reference's 4096/1024 limits count these, TD MessageContent.cpp). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** UTF-8 size of text[start, end); a lone surrogate counts 3 bytes as it would in CESU-8. */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1)) && i + 1 < end) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The UTF-8 byte offset of text[index], as the reference reports positions in its error texts. */
export function utf8Offset(text: string, index: number): number {
  return utf8Length(text, 0, index);
}

/** True when the text has no unpaired surrogate, i.e. it is encodable as UTF-8. */
export function isWellFormed(text: string): boolean {
  if (!/[\ud800-\udfff]/.test(text)) return true;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return false;
      i++;
    } else if (isLowSurrogate(unit)) return false;
  }
  return true;
}

/** The code point starting at index (a lone surrogate is returned as is); 0 past the end, like a C string. */
export function codePointAt(text: string, index: number): number {
  return text.codePointAt(index) ?? 0;
}

/** The code point ending just before index, and where it starts. */
export function codePointBefore(text: string, index: number): { code: number; start: number } {
  const code = codePointCodeBefore(text, index);
  return { code, start: index - utf16Width(code) };
}

/**
 * codePointBefore(text, index).code without allocating, for the detectors' scans: a lone surrogate is
 * returned as is, and NaN before the start of the text.
 */
export function codePointCodeBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (isLowSurrogate(low) && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (isHighSurrogate(high)) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** Number of UTF-16 code units a code point takes. */
export function utf16Width(code: number): number {
  return code > 0xffff ? 2 : 1;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
