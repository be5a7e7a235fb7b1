/**
 * Sticker files built in the test (ADR 0046): a WEBP header, a TGS file (gzip of Lottie JSON) and a
 * WEBM header (EBML: document type, duration, one VP9 track with its sides, optionally an audio
 * track), enough for the server's checks, which read what a decoder would read first.
 */
import { gzipSync } from 'node:zlib';

/** A WEBP of the extended format (VP8X): RIFF header and canvas size. */
export function webp(width: number, height: number): Buffer {
  const data = Buffer.alloc(30);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(22, 4);
  data.write('WEBPVP8X', 8, 'latin1');
  data.writeUInt32LE(10, 16);
  data.writeUIntLE(width - 1, 24, 3);
  data.writeUIntLE(height - 1, 27, 3);
  return data;
}

export function tgs(options: { w?: number; h?: number; fr?: number; frames?: number; tgs?: number } = {}) {
  const { w = 512, h = 512, fr = 60, frames = 120, tgs = 1 } = options;
  const lottie = { tgs, v: '5.5.2', fr, ip: 0, op: frames, w, h, nm: 'test', ddd: 0, assets: [], layers: [] };
  return gzipSync(Buffer.from(JSON.stringify(lottie)));
}

function element(id: number, body: Buffer): Buffer {
  const idBytes = Buffer.from(
    id
      .toString(16)
      .padStart(2, '0')
      .replace(/^(.)((..)*)$/, '0$1$2'),
    'hex',
  );
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([idBytes, size, body]);
}

const uint = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
};

export function webm(options: { width?: number; height?: number; seconds?: number; audio?: boolean } = {}) {
  const { width = 512, height = 512, seconds = 2, audio = false } = options;
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(seconds * 1000);
  const video = element(
    0xae,
    Buffer.concat([
      element(0x83, uint(1)),
      element(0x86, Buffer.from('V_VP9')),
      element(0x23e383, uint(33_333_333)),
      element(0xe0, Buffer.concat([element(0xb0, uint(width)), element(0xba, uint(height))])),
    ]),
  );
  const sound = element(0xae, Buffer.concat([element(0x83, uint(2)), element(0x86, Buffer.from('A_OPUS'))]));
  return Buffer.concat([
    element(0x1a45dfa3, element(0x4282, Buffer.from('webm'))),
    element(
      0x18538067,
      Buffer.concat([
        element(0x1549a966, Buffer.concat([element(0x2ad7b1, uint(1_000_000)), element(0x4489, duration)])),
        element(0x1654ae6b, Buffer.concat(audio ? [video, sound] : [video])),
      ]),
    ),
  ]);
}
