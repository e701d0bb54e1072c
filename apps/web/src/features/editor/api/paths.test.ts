import {
  downloadName as contractDownloadName,
  jobEventName as contractEventName,
  jobPaths,
  jobVariants,
} from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { attachmentUrl, downloadName, editorApiPaths, jobEventName } from './paths';

describe('editor endpoints', () => {
  it('are the contracts’ job endpoints', () => {
    expect(editorApiPaths.jobs).toBe(jobPaths.create);
    expect(editorApiPaths.job('a b')).toBe(jobPaths.job('a b'));
    expect(editorApiPaths.events('j/1')).toBe(jobPaths.events('j/1'));
    expect(editorApiPaths.samples).toBe(jobPaths.samples);
    expect(editorApiPaths.config).toBe(jobPaths.editorConfig);
    expect(jobEventName).toBe(contractEventName);
  });
});

describe('download names', () => {
  it.each([
    ['holiday.jpg', 'holiday'],
    ['my.photo.final.png', 'my.photo.final'],
    ['no-extension', 'no-extension'],
    ['.png', 'image'],
    ['image_from_url.webp', 'image_from_url'],
  ])('%s → %s_{variant}.png, as the contracts build them', (name, base) => {
    for (const variant of jobVariants) {
      expect(downloadName(name, variant)).toBe(`${base}_${variant}.png`);
      expect(downloadName(name, variant)).toBe(contractDownloadName(name, variant));
    }
  });

  it('asks for an attachment', () => {
    expect(attachmentUrl('/api/jobs/1/results/refined')).toBe(
      '/api/jobs/1/results/refined?download=1',
    );
    expect(attachmentUrl('/r?x=1')).toBe('/r?x=1&download=1');
  });
});
