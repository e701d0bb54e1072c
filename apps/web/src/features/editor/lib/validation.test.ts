import { editorTexts, limits } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { blockerFor, blockerMessage, fileProblem, invalidUrlText, urlProblem } from './validation';

describe('fileProblem (spec §5)', () => {
  it('accepts any image/* type up to exactly 10 MB', () => {
    expect(fileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(fileProblem({ type: 'image/webp', size: limits.maxUploadBytes })).toBeNull();
  });

  it('refuses a type that does not begin with image/', () => {
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe(editorTexts.notAnImage);
    expect(fileProblem({ type: '', size: 10 })).toBe(editorTexts.notAnImage);
    expect(fileProblem({ type: 'text/image/png', size: 10 })).toBe(editorTexts.notAnImage);
  });

  it('refuses more than 10485760 bytes', () => {
    expect(fileProblem({ type: 'image/jpeg', size: 10_485_761 })).toBe(editorTexts.tooLarge);
  });

  it('checks the type first', () => {
    expect(fileProblem({ type: 'video/mp4', size: 50_000_000 })).toBe(editorTexts.notAnImage);
  });
});

describe('urlProblem', () => {
  it('asks for a URL when empty or blank', () => {
    expect(urlProblem('')).toBe(editorTexts.urlRequired);
    expect(urlProblem('   ')).toBe(editorTexts.urlRequired);
  });

  it('refuses what is not an http(s) address', () => {
    expect(urlProblem('not a url')).toBe(invalidUrlText);
    expect(urlProblem('ftp://example.com/a.png')).toBe(invalidUrlText);
    expect(urlProblem('javascript:alert(1)')).toBe(invalidUrlText);
  });

  it('leaves the rest to the server (which also refuses private addresses)', () => {
    expect(urlProblem(' https://example.com/a.png ')).toBeNull();
    expect(urlProblem('http://127.0.0.1:9/x.png')).toBeNull();
  });
});

describe('blockerFor (spec §4: processing starts only if credits > 0)', () => {
  it('lets signed-out visitors ask the server (a free preview a day, decision 0155)', () => {
    expect(blockerFor({ signedIn: false }, 0)).toBeNull();
    expect(blockerMessage('sign-up')).toBe(editorTexts.signUpToContinue);
  });

  it('stops a signed-in user without credits', () => {
    expect(blockerFor({ signedIn: true }, 0)).toBe('no-credits');
    expect(blockerMessage('no-credits')).toBe(editorTexts.noCredits);
  });

  it('lets a signed-in user with credits through', () => {
    expect(blockerFor({ signedIn: true }, 1)).toBeNull();
  });
});
