import type { ExportFormat } from '@cutout/contracts';

// The backgrounds panel's copy (issue 25; the spec quotes none). Loaded with the editor's chunk.

const formatNames: Record<ExportFormat, string> = { png: 'PNG', jpg: 'JPG', webp: 'WebP' };

export const backgroundTexts = {
  heading: 'Background and shadow',
  intro: 'Put the cut-out on a new background. The preview updates as you choose.',
  previewLabel: 'Preview of the cut-out on the chosen background',
  kindLegend: 'Background',
  kinds: {
    transparent: 'Transparent',
    color: 'Colour',
    blur: 'Blurred photo',
    image: 'Image',
  },
  presetsLabel: 'Colour presets',
  preset: (name: string) => `Use ${name}`,
  customColour: 'Custom colour',
  imageInput: 'Choose a background image',
  replaceImage: 'Choose another image',
  imageChosen: (name: string) => `Background: ${name}`,
  imageNone: 'No image chosen yet.',
  fitLegend: 'Fit',
  fits: { cover: 'Cover (fill, crop the edges)', contain: 'Contain (whole image)' },
  shadow: 'Drop shadow',
  formatLabel: 'Format',
  formatNames,
  download: (format: ExportFormat) => `Download ${formatNames[format]}`,
  exportNote: 'Full size, made on the server. No extra credit: this image is already paid for.',
  exported: 'Image downloaded',
  exportFailed: 'The image could not be made. Please try again.',
  chooseImageFirst: 'Choose a background image first.',
  presets: [
    { name: 'white', value: '#ffffff' },
    { name: 'light grey', value: '#f1f1f1' },
    { name: 'black', value: '#111111' },
    { name: 'sky blue', value: '#81d4fa' },
    { name: 'mint', value: '#b9f6ca' },
    { name: 'sand', value: '#f5e6c8' },
    { name: 'coral', value: '#ff8a80' },
    { name: 'navy', value: '#1d3557' },
  ],
} as const;
