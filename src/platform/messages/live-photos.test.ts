import { describe, expect, it } from 'vitest';
import { mp4Info } from './live-photos.js';

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

describe('mp4Info', () => {
  it('reads the duration (version 0 and 1 movie headers) and the first visual track size', () => {
    const tkhd = Buffer.alloc(84);
    tkhd.writeUInt32BE(1920 * 65536, 76);
    tkhd.writeUInt32BE(1080 * 65536, 80);
    const v0 = Buffer.alloc(100);
    v0.writeUInt32BE(600, 12);
    v0.writeUInt32BE(1800, 16);
    const file = (mvhd: Buffer) =>
      Buffer.concat([
        box('ftyp', Buffer.from('isom0000')),
        box('moov', Buffer.concat([box('mvhd', mvhd), box('trak', box('tkhd', tkhd))])),
      ]);
    expect(mp4Info(file(v0))).toEqual({ duration: 3, width: 1920, height: 1080 });
    const v1 = Buffer.alloc(112);
    v1[0] = 1;
    v1.writeUInt32BE(1000, 20);
    v1.writeBigUInt64BE(9001n, 24);
    expect(mp4Info(file(v1))).toEqual({ duration: 10, width: 1920, height: 1080 });
  });

  it('answers undefined for what is not an MP4 with a video track', () => {
    expect(mp4Info(Buffer.from('not a video at all'))).toBeUndefined();
    expect(mp4Info(box('ftyp', Buffer.from('isom0000')))).toBeUndefined();
    expect(mp4Info(Buffer.alloc(0))).toBeUndefined();
  });
});
