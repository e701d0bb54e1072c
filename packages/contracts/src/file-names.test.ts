import { describe, expect, it } from 'vitest';
import { batchFolderName, batchZipEntry } from './batches.js';
import {
  downloadName,
  originalDownloadName,
  outputFileName,
  safeBaseName,
  safeFileName,
} from './file-names.js';
import { jobVariants } from './jobs.js';

describe('output names', () => {
  it('are the same three names in the editor, the zip and the docs', () => {
    expect(jobVariants.map((v) => outputFileName('photo', v))).toEqual([
      'photo_refined.png',
      'photo_white_bg.png',
      'photo_transparent_bg.png',
    ]);
    expect(jobVariants.map((v) => downloadName('photo.jpg', v))).toEqual(
      jobVariants.map((v) => outputFileName('photo', v)),
    );
    expect(batchZipEntry(batchFolderName('dog.jpeg'), 'white_bg')).toBe('dog/dog_white_bg.png');
  });
});

describe('safe names', () => {
  it.each([
    // Bidirectional overrides, embeddings, isolates and marks: 'photo‮gnp.exe' shows reversed.
    ['photo\u202Egnp.exe', 'photognp.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De', 'abcde'],
    ['x\u2066y\u2067z\u2068w\u2069', 'xyzw'],
    ['l\u200Er\u200Fm\u061C', 'lrm'],
    // Zero-width and other invisible characters.
    ['zero\u200Bwidth\uFEFF\u2060', 'zerowidth'],
    // C0 and C1 controls, the newline of a header-splitting attempt among them.
    ['line\r\nSet-Cookie: x', 'lineSet-Cookie_ x'],
    ['bell\u0007\u0085\u009B', 'bell'],
    // Characters Windows refuses, and paths.
    ['a<b>c:d"e|f?g*h', 'a_b_c_d_e_f_g_h'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\photo.jpg', 'photo.jpg'],
    // Reserved device names, whatever the case or extension.
    ['CON', '_CON'],
    ['con.jpg', '_con.jpg'],
    ['Nul.png', '_Nul.png'],
    ['COM1', '_COM1'],
    ['lpt9.tar.gz', '_lpt9.tar.gz'],
    ['COM¹', '_COM¹'],
    ['console.jpg', 'console.jpg'],
    // Leading dots (hidden files, '..'), trailing dots and spaces.
    ['.htaccess', 'htaccess'],
    ['...', 'image'],
    ['name. . ', 'name'],
    ['', 'image'],
    ['\u202E', 'image'],
  ])('%j → %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keeps ordinary names in any script, and cuts long ones without splitting a character', () => {
    expect(safeFileName('Ferienfoto über München 🏔.jpg')).toBe('Ferienfoto über München 🏔.jpg');
    expect(safeFileName('写真 (1).png')).toBe('写真 (1).png');
    const long = safeFileName('🏔'.repeat(300));
    expect(Array.from(long)).toHaveLength(120);
    expect(long).toBe('🏔'.repeat(120));
  });

  it('names results and zip folders after the safe base, and a device name stays guarded', () => {
    expect(safeBaseName('CON.jpg')).toBe('_CON');
    expect(downloadName('\u202ECON.jpg', 'refined')).toBe('_CON_refined.png');
    expect(batchFolderName('aux.photo.png')).toBe('_aux.photo');
    expect(downloadName('.jpg', 'refined')).toBe('image_refined.png');
  });

  it("gives an original the extension of its detected format, not the uploader's", () => {
    expect(originalDownloadName('x.html', 'image/jpeg')).toBe('x.jpg');
    expect(originalDownloadName('scan.tif', 'image/tiff')).toBe('scan.tiff');
    expect(originalDownloadName('photo\u202Egnp.exe', 'image/png')).toBe('photognp.png');
    expect(originalDownloadName('', 'image/webp')).toBe('image.webp');
    expect(originalDownloadName('odd', 'application/x-unknown')).toBe('odd.bin');
  });
});
