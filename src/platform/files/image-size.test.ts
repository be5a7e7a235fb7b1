import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.js';

/** A real, decodable PNG of the given size (8-bit grey, all black). */
function tinyPng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG header: SOI, an APP0 segment, a DQT-like segment, then SOF0 with the size. */
function jpegHeader(width: number, height: number, sofMarker = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = Buffer.from([0xff, 0xdb, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xff00 | sofMarker, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    Buffer.from([0xff]),
    dqt,
    sof,
    Buffer.from([0xff, 0xd9]),
  ]);
}

function gif(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.write('GIF89a', 0, 'latin1');
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
}

function riff(chunk: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(12 + payload.length, 4);
  head.write('WEBP', 8, 'latin1');
  head.write(chunk, 12, 'latin1');
  head.writeUInt32LE(payload.length, 16);
  return Buffer.concat([head, payload, Buffer.alloc(16)]);
}

describe('imageSize', () => {
  it('reads PNG', () => {
    expect(imageSize(tinyPng(3, 2))).toEqual({ format: 'png', width: 3, height: 2 });
  });

  it('reads JPEG past other segments and fill bytes, for baseline and progressive frames', () => {
    expect(imageSize(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(imageSize(jpegHeader(17, 9000, 0xc2))).toEqual({ format: 'jpeg', width: 17, height: 9000 });
  });

  it('does not take a Huffman table (C4) for a frame header', () => {
    const header = jpegHeader(10, 20);
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x07, 0x01, 0x02, 0x03, 0x04, 0x05]);
    const data = Buffer.concat([header.subarray(0, 2), dht, header.subarray(2)]);
    expect(imageSize(data)).toEqual({ format: 'jpeg', width: 10, height: 20 });
  });

  it('reads GIF', () => {
    expect(imageSize(gif(300, 200))).toEqual({ format: 'gif', width: 300, height: 200 });
  });

  it('reads the three WebP flavours', () => {
    const lossy = Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a, 0, 0, 0, 0]);
    lossy.writeUInt16LE(400 | (1 << 14), 6); // the top two bits are the scale, not the size
    lossy.writeUInt16LE(300, 8);
    expect(imageSize(riff('VP8 ', lossy))).toEqual({ format: 'webp', width: 400, height: 300 });

    const lossless = Buffer.alloc(5);
    lossless[0] = 0x2f;
    lossless.writeUInt32LE((640 - 1) | ((480 - 1) << 14), 1);
    expect(imageSize(riff('VP8L', lossless))).toEqual({ format: 'webp', width: 640, height: 480 });

    const extended = Buffer.alloc(10);
    extended.writeUIntLE(5000 - 1, 4, 3);
    extended.writeUIntLE(20 - 1, 7, 3);
    expect(imageSize(riff('VP8X', extended))).toEqual({ format: 'webp', width: 5000, height: 20 });
  });

  it('refuses what is not an image, truncated headers and zero sizes', () => {
    expect(imageSize(Buffer.from('hello, this is not an image at all'))).toBeUndefined();
    expect(imageSize(Buffer.alloc(0))).toBeUndefined();
    expect(imageSize(tinyPng(3, 2).subarray(0, 20))).toBeUndefined();
    expect(imageSize(jpegHeader(10, 10).subarray(0, 30))).toBeUndefined();
    expect(imageSize(gif(0, 10))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeUndefined();
  });
});
