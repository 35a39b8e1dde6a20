/** A small ESC/POS reader for the tests (issue #35): the text in code page 850, bold lines, code pages, QR payloads, raster images, pulses and cuts of what the encoder emits. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0';

export interface Read {
  lines: string[];
  boldLines: string[];
  codePages: number[];
  qrPayloads: string[];
  rasters: { width: number; height: number; bits: Uint8Array }[];
  pulses: number;
  cuts: number;
  /** The longest line, spaces included. */
  widest: number;
}

/** Reads the commands the encoder emits; an unknown command fails the test (no silent skipping). */
export function readEscPos(bytes: Uint8Array): Read {
  const out: Read = { lines: [], boldLines: [], codePages: [], qrPayloads: [], rasters: [], pulses: 0, cuts: 0, widest: 0 };
  let line = '';
  let bold = false;
  let lineBold = false;
  let i = 0;
  const flush = () => {
    if (line.length > out.widest) out.widest = line.length;
    // The encoder centres with spaces: the reader compares the words.
    out.lines.push(line.trim());
    if (lineBold) out.boldLines.push(line.trim());
    line = '';
    lineBold = false;
  };
  let lastWasRaster = false;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b !== 0x1d || bytes[i + 1] !== 0x76) lastWasRaster = b === 0x0a || b === 0x0d ? lastWasRaster : false;
    if (b === 0x1b) {
      const c = bytes[i + 1];
      if (c === 0x40) i += 2;
      else if (c === 0x74) {
        out.codePages.push(bytes[i + 2]);
        i += 3;
      } else if (c === 0x45) {
        bold = bytes[i + 2] === 1;
        i += 3;
      }
      else if (c === 0x61 || c === 0x4d || c === 0x2d || c === 0x34 || c === 0x21 || c === 0x32 || c === 0x33) i += c === 0x32 ? 2 : 3;
      else if (c === 0x70) {
        out.pulses++;
        i += 5;
      }
      else if (c === 0x64) i += 3;
      else throw new Error(`ESC ${c.toString(16)} at ${i}`);
    } else if (b === 0x1c) {
      if (bytes[i + 1] === 0x2e) i += 2;
      else throw new Error(`FS ${bytes[i + 1].toString(16)} at ${i}`);
    } else if (b === 0x1d) {
      const c = bytes[i + 1];
      if (c === 0x21 || c === 0x42) i += 3;
      else if (c === 0x56) {
        out.cuts++;
        i += bytes[i + 2] >= 0x41 ? 4 : 3;
      } else if (c === 0x28 && bytes[i + 2] === 0x6b) {
        const length = bytes[i + 3] + bytes[i + 4] * 256;
        const body = bytes.subarray(i + 5, i + 5 + length);
        if (body[0] === 0x31 && body[1] === 0x50) out.qrPayloads.push(Buffer.from(body.subarray(3)).toString('latin1'));
        i += 5 + length;
      } else if (c === 0x76 && bytes[i + 2] === 0x30) {
        const widthBytes = bytes[i + 4] + bytes[i + 5] * 256;
        const height = bytes[i + 6] + bytes[i + 7] * 256;
        const bits = bytes.subarray(i + 8, i + 8 + widthBytes * height);
        // The encoder sends a tall image in strips: consecutive strips make one image.
        const previous = out.rasters.at(-1);
        if (previous && previous.width === widthBytes * 8 && lastWasRaster) out.rasters[out.rasters.length - 1] = { width: previous.width, height: previous.height + height, bits: new Uint8Array([...previous.bits, ...bits]) };
        else out.rasters.push({ width: widthBytes * 8, height, bits });
        lastWasRaster = true;
        i += 8 + widthBytes * height;
      } else throw new Error(`GS ${c.toString(16)} at ${i}`);
    } else if (b === 0x0a) {
      flush();
      i += 1;
    } else if (b === 0x0d) i += 1;
    else {
      line += b < 0x80 ? String.fromCharCode(b) : CP850_HIGH[b - 0x80];
      if (bold && b !== 0x20) lineBold = true;
      i += 1;
    }
  }
  if (line) flush();
  return out;
}
