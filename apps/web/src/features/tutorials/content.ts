import {
  jobVariants,
  limits,
  outputFileName,
  publicApiPaths,
  type TutorialLevel,
} from '@cutout/contracts';

const outputNames = (name: string) =>
  jobVariants.map((variant) => outputFileName(name, variant)).join(', ');

// The tutorials (spec §2 Tutorials): four tabs, cards with a duration of 4 to 25 minutes and a
// level, and written steps that 'Start Tutorial' opens. Code samples carry `{{origin}}`, replaced
// by this site's address when shown.

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';

export type TutorialStep = {
  title: string;
  body: string;
  /** A command or a program to copy, with `{{origin}}` for this site's address. */
  code?: string;
};

export type Tutorial = {
  id: string;
  tab: TutorialLevel;
  level: Difficulty;
  title: string;
  description: string;
  minutes: number;
  steps: readonly TutorialStep[];
};

const maxUploadMb = Math.round(limits.maxUploadBytes / (1024 * 1024));
const removeBackground = `{{origin}}${publicApiPaths.removeBackground}`;
const usage = `{{origin}}${publicApiPaths.usage}`;

export const tutorials: readonly Tutorial[] = [
  // Beginner
  {
    id: 'first-cutout',
    tab: 'beginner',
    level: 'Beginner',
    title: 'Remove your first background',
    description:
      'Upload a photo in the editor, watch it being processed and download the three results.',
    minutes: 4,
    steps: [
      {
        title: 'Open the editor',
        body: 'Go to the home page and choose Try it Now, or scroll down to the editor. You can try it without an account; signing up gives you free credits to process your own images.',
      },
      {
        title: 'Add an image',
        body: `Drag a photo onto the upload area or click it to choose a file. JPG, PNG and WEBP images up to ${maxUploadMb} MB work. A preview with the file name appears; the remove button next to it lets you pick another one.`,
      },
      {
        title: 'Let Cutout process it',
        body: 'Start processing. The Processing panel shows a progress bar that follows the real stages: the image is decoded, the AI model finds the subject, the edges are refined and the three results are encoded.',
      },
      {
        title: 'Compare the results',
        body: 'You get three images beside the original: Refined (the cleanest edges, on transparency), White background and Transparent. Look at hair and soft edges in particular: that is where they differ.',
      },
      {
        title: 'Download',
        body: `Use Download Refined, Download White BG or Download Transparent. Files are PNGs named after your original: ${outputNames('photo')}.`,
      },
    ],
  },
  {
    id: 'image-from-url',
    tab: 'beginner',
    level: 'Beginner',
    title: 'Import an image from a URL',
    description:
      'Process an image that is already online without downloading it first: paste its address.',
    minutes: 5,
    steps: [
      {
        title: 'Copy the image address',
        body: 'In your browser, right-click the image and choose "Copy image address". You need the address of the image file itself (often ending in .jpg, .png or .webp), not of the page it appears on.',
      },
      {
        title: 'Switch to Image URL',
        body: 'In the editor, open the Upload Image tab, then the Image URL tab inside it, and paste the address.',
      },
      {
        title: 'Load it',
        body: 'Cutout fetches the image on its servers and shows the preview. If the address is empty you will see "Please enter an image URL"; if it points to a web page instead of a picture, "The URL does not point to a valid image".',
      },
      {
        title: 'Process and download',
        body: 'From here it works like an upload: process the image and download the result you need. Only use images you have the right to edit.',
      },
    ],
  },
  {
    id: 'which-result',
    tab: 'beginner',
    level: 'Beginner',
    title: 'Refined, white or transparent: which one?',
    description:
      'What each of the three results is for, and how to pick the right one for a shop, a slide or a profile picture.',
    minutes: 6,
    steps: [
      {
        title: 'Transparent: the raw cutout',
        body: 'The original pixels with the AI model’s own mask. Use it when you will finish the image yourself in an editor, or when you want to compare with the refined version.',
      },
      {
        title: 'Refined: the one to use by default',
        body: 'The edges are refined against the full-resolution photo and the old background’s colour is removed from semi-transparent pixels such as hair. It sits on transparency, so it works on any background colour.',
      },
      {
        title: 'White background: ready for marketplaces',
        body: 'The refined subject on pure white. Many marketplaces ask for exactly this for main product images, and it is also a good choice for documents and printed catalogues.',
      },
      {
        title: 'Check on your real background',
        body: 'Before publishing, place the refined or transparent PNG on the background it will actually appear on. A dark page shows different details than a white one.',
      },
    ],
  },

  // Intermediate
  {
    id: 'product-photos',
    tab: 'intermediate',
    level: 'Intermediate',
    title: 'Product photos for an online shop',
    description:
      'Shoot products so the cutout is clean, then produce consistent white-background listings.',
    minutes: 10,
    steps: [
      {
        title: 'Light the product evenly',
        body: 'Use soft, even light — a window on an overcast day or two lamps through diffusers. Hard shadows on the table are often read as part of the product.',
      },
      {
        title: 'Separate product and background',
        body: 'A plain background in a colour that differs from the product makes the model’s job easy: a white mug on a grey board rather than on white paper.',
      },
      {
        title: 'Fill the frame, keep the edges',
        body: 'Get close enough that the product fills most of the picture, but leave a margin: parts cut off by the frame cannot be recovered.',
      },
      {
        title: 'Process and use White background',
        body: 'Process each photo and download the White background result for listings. Keep the refined PNG too, for banners and social posts on coloured backgrounds.',
      },
      {
        title: 'Make the set consistent',
        body: 'In your shop or an editor, give every image the same canvas size and a similar margin around the product, so the catalogue looks tidy in a grid.',
      },
    ],
  },
  {
    id: 'portraits-hair',
    tab: 'intermediate',
    level: 'Intermediate',
    title: 'Portraits with hair and soft edges',
    description:
      'Get clean cutouts of people, pets and other subjects with fine, semi-transparent detail.',
    minutes: 12,
    steps: [
      {
        title: 'Start from a sharp photo',
        body: 'Focus on the eyes and avoid motion blur: a blurry strand of hair is a blend of subject and background that no tool can fully separate.',
      },
      {
        title: 'Prefer a calm background',
        body: 'A plain wall works better than a busy street. Backlight that makes hair glow is fine — it even helps the edge stand out.',
      },
      {
        title: 'Use the Refined result',
        body: 'Refined is made for this case: the edge is snapped to the real hair in the photo, and the background colour is estimated and removed from the pixels where hair and background mix, so there is no coloured fringe.',
      },
      {
        title: 'Inspect at 100%',
        body: 'Open the PNG at full size and look at the hairline on both a dark and a light background. Compare with the Transparent result to see what the refinement changed.',
      },
      {
        title: 'Know the limits',
        body: 'Single strands far from the head, or details thinner than the model can see at its 1024×1024 working size, may be lost. A retake with a plainer background usually fixes it.',
      },
    ],
  },
  {
    id: 'batch',
    tab: 'intermediate',
    level: 'Intermediate',
    title: 'Batch processing a folder of images',
    description: `Process up to ${limits.batchMaxImages} images at once from your dashboard and download them as one zip.`,
    minutes: 8,
    steps: [
      {
        title: 'Check your credits',
        body: 'Batch processing is available with credits on your account, and each image uses one credit. The dashboard shows your balance; buy a credit pack on the Pricing page if you need more.',
      },
      {
        title: 'Open the Batch tab',
        body: 'In the dashboard, switch from Single to Batch and choose your images — you can select several files at once.',
      },
      {
        title: 'Review the list',
        body: `Up to ${limits.batchMaxImages} images per batch. You need as many credits as images; if not, Cutout tells you how many you need and how many you have. Remove any image that is not processing yet.`,
      },
      {
        title: 'Process',
        body: 'Each image shows its own status and progress. If one fails, the others continue; run the batch again to retry — completed images are skipped.',
      },
      {
        title: 'Download the zip',
        body: `Download everything as batch_processed_{date}.zip. It holds one folder per image with the same names the editor downloads, for photo.jpg: photo/${outputNames('photo').replaceAll(', ', ', photo/')}.`,
      },
    ],
  },

  // Advanced
  {
    id: 'new-background',
    tab: 'advanced',
    level: 'Advanced',
    title: 'Place a cutout on a new background',
    description:
      'Composite the refined PNG onto a new scene so it looks like it was photographed there.',
    minutes: 15,
    steps: [
      {
        title: 'Pick a matching scene',
        body: 'Choose a background shot from a similar angle and with light coming from the same side as in your photo. This matters more than any later correction.',
      },
      {
        title: 'Place the refined PNG on its own layer',
        body: 'Open the background in your editor and add the Refined result as a layer above it. Because its edge colours are already cleaned, it will not carry a fringe of the old background.',
      },
      {
        title: 'Scale and position',
        body: 'Match the subject’s size to the scene’s perspective: feet on the floor, the horizon at a believable height. Scale down rather than up to keep it sharp.',
      },
      {
        title: 'Add a contact shadow',
        body: 'On a layer under the subject, paint a soft, dark ellipse where it touches the ground, blur it and lower its opacity. Without a shadow a subject seems to float.',
      },
      {
        title: 'Match colour and light',
        body: 'Adjust the subject’s brightness, contrast and colour temperature towards the background’s. A subtle overall grade over both layers ties them together.',
      },
    ],
  },
  {
    id: 'print-and-web',
    tab: 'advanced',
    level: 'Advanced',
    title: 'Preparing cutouts for print and the web',
    description:
      'Resolution, file formats and file size: turn the PNG results into the right files for each use.',
    minutes: 18,
    steps: [
      {
        title: 'Start from full resolution',
        body: 'Results have the same pixel size as your original, so upload the largest version you have. For print, plan on roughly 300 pixels per inch at the printed size.',
      },
      {
        title: 'Keep PNG while you work',
        body: 'PNG is lossless and keeps transparency. Edit and archive in PNG; convert only for the final delivery.',
      },
      {
        title: 'For the web, convert to WebP',
        body: 'WebP keeps transparency at a fraction of the PNG’s size. Export at the size it will be displayed (twice that for sharp high-density screens), not at camera resolution.',
      },
      {
        title: 'For white backgrounds, JPEG is fine',
        body: 'The White background result has no transparency, so a high-quality JPEG is much smaller than the PNG with no visible difference.',
      },
      {
        title: 'Check colour and edges on the final medium',
        body: 'Print a proof or view the page on a phone and a large screen. Look at the edges against the real background colour one last time.',
      },
    ],
  },
  {
    id: 'difficult-images',
    tab: 'advanced',
    level: 'Advanced',
    title: 'Getting the best from difficult images',
    description:
      'Low contrast, several subjects, glass and fine structures: what works, what does not, and why.',
    minutes: 14,
    steps: [
      {
        title: 'Low contrast',
        body: 'When the subject and background share a colour, the model has little to go on. The guided filter only refines edges the model already found, so improve the photo: change the background or the light.',
      },
      {
        title: 'Several subjects',
        body: 'The model looks for the salient foreground: a group photo usually keeps everyone in the front. Objects in the background are removed, even if you wanted them. Crop first to decide what the subject is.',
      },
      {
        title: 'Glass, smoke and transparent objects',
        body: 'These are partly background by nature. Expect a usable silhouette rather than true transparency, and finish by hand if the see-through effect matters.',
      },
      {
        title: 'Thin structures',
        body: 'Wires, bicycle spokes and whiskers thinner than a pixel at the model’s 1024×1024 working size may disappear. Crop closer to the subject so it takes up more of that working size.',
      },
      {
        title: 'Compare Transparent and Refined',
        body: 'If something looks wrong, compare the two. When both miss a part, it is the model’s mask; when only Refined differs, it is the edge refinement — and that tells you whether a retake or a touch-up is the quicker fix.',
      },
    ],
  },

  // API Tutorials
  {
    id: 'api-curl',
    tab: 'api',
    level: 'Beginner',
    title: 'Your first API call with curl',
    description:
      'Create an API key, remove a background from the command line and read the JSON answer.',
    minutes: 7,
    steps: [
      {
        title: 'Create an API key',
        body: 'Sign in and create a key in your dashboard. Copy it when it is shown — it is stored hashed, so it cannot be displayed again. Treat it like a password.',
      },
      {
        title: 'Keep it in an environment variable',
        body: 'So it does not end up in your shell history or your code:',
        code: 'export CUTOUT_API_KEY="paste-your-key-here"',
      },
      {
        title: 'Send an image',
        body: 'POST the file as multipart form data in the field named image_file (or file), with your key as a bearer token. Ask for JSON and all three variants:',
        code: `curl -X POST "${removeBackground}" \\\n  -H "Authorization: Bearer $CUTOUT_API_KEY" \\\n  -H "Accept: application/json" \\\n  -F "image_file=@photo.jpg" -F "variant=all"`,
      },
      {
        title: 'Read the answer',
        body: 'The JSON answer has the job id, the image width and height, credits_charged and credits_remaining, the three result URLs under results (refined, white_bg, transparent_bg) and expires_at — the moment the results are deleted. Download what you need before then.',
      },
      {
        title: 'Get the PNG directly',
        body: 'Without Accept: application/json the answer is the cut-out image itself (PNG unless you ask for format=jpg, webp or zip); save it as a file:',
        code: `curl -X POST "${removeBackground}" \\\n  -H "Authorization: Bearer $CUTOUT_API_KEY" \\\n  -H "Accept: image/png" \\\n  -F "file=@photo.jpg" -o photo_transparent.png`,
      },
    ],
  },
  {
    id: 'api-node',
    tab: 'api',
    level: 'Intermediate',
    title: 'Remove backgrounds from Node.js',
    description:
      'Call the API with fetch, download the results and handle the errors your code should expect.',
    minutes: 15,
    steps: [
      {
        title: 'Prepare',
        body: 'You need Node.js 20 or later (fetch, FormData and Blob are built in) and an API key in the CUTOUT_API_KEY environment variable.',
      },
      {
        title: 'Send the image',
        body: 'Read the file, wrap it in a Blob and post it in the image_file field, asking for JSON with all three variants:',
        code: `import { readFile, writeFile } from 'node:fs/promises';\n\nconst form = new FormData();\nform.append('image_file', new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' }), 'photo.jpg');\nform.append('variant', 'all');\n\nconst res = await fetch('${removeBackground}', {\n  method: 'POST',\n  headers: { Authorization: \`Bearer \${process.env.CUTOUT_API_KEY}\`, Accept: 'application/json' },\n  body: form,\n});`,
      },
      {
        title: 'Handle errors',
        body: 'Every error has the same JSON shape, { error: { code, message } }. 402 means you are out of credits; 429 and 503 carry a Retry-After header telling you how many seconds to wait.',
        code: `if (!res.ok) {\n  const { error } = await res.json();\n  const retryAfter = res.headers.get('retry-after');\n  throw new Error(\`\${res.status} \${error.code}: \${error.message}\${retryAfter ? \` (retry in \${retryAfter} s)\` : ''}\`);\n}`,
      },
      {
        title: 'Download the results',
        body: 'The result URLs are signed and stop working when the results expire, so fetch them straight away:',
        code: `const result = await res.json();\nfor (const variant of ['refined', 'white_bg', 'transparent_bg']) {\n  const png = await fetch(result.results[variant]);\n  await writeFile(\`photo_\${variant}.png\`, Buffer.from(await png.arrayBuffer()));\n}\nconsole.log(\`\${result.credits_remaining} credits left\`);`,
      },
      {
        title: 'Keep the key on the server',
        body: 'Never ship the key in browser code or a mobile app: anyone could read it and spend your credits. Call the API from your own back end.',
      },
    ],
  },
  {
    id: 'api-python-catalogue',
    tab: 'api',
    level: 'Advanced',
    title: 'Automate a product catalogue with Python',
    description:
      'Process a whole folder with retries and a credit check, saving transparent PNGs beside the originals.',
    minutes: 25,
    steps: [
      {
        title: 'Install requests',
        body: 'Create a virtual environment and install the requests library:',
        code: 'python3 -m venv .venv && . .venv/bin/activate && pip install requests',
      },
      {
        title: 'Check your balance first',
        body: 'GET /api/v1/user/usage returns credits, images_processed and images_processed_this_month. Stop early if the folder holds more images than you have credits.',
        code: `import os, pathlib, time, requests\n\nAPI = "{{origin}}"\nHEADERS = {"Authorization": f"Bearer {os.environ['CUTOUT_API_KEY']}"}\n\nusage = requests.get(f"{API}${publicApiPaths.usage}", headers=HEADERS, timeout=30).json()\nimages = sorted(p for p in pathlib.Path("catalogue").iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png", ".webp"})\nif len(images) > usage["credits"]:\n    raise SystemExit(f"{len(images)} images but only {usage['credits']} credits")`,
      },
      {
        title: 'Process with retries',
        body: 'Ask for the transparent PNG directly with Accept: image/png. On 429 or 503, wait as long as Retry-After says and try again; other errors are reported and skipped.',
        code: `def remove_background(path):\n    for attempt in range(5):\n        with path.open("rb") as f:\n            res = requests.post(\n                f"{API}${publicApiPaths.removeBackground}",\n                headers={**HEADERS, "Accept": "image/png"},\n                files={"file": (path.name, f)},\n                timeout=120,\n            )\n        if res.status_code in (429, 503):\n            time.sleep(int(res.headers.get("Retry-After", 2 ** attempt)))\n            continue\n        res.raise_for_status()\n        return res.content\n    raise RuntimeError(f"{path.name}: still busy after 5 attempts")`,
      },
      {
        title: 'Save beside the originals',
        body: 'Write each result next to its source, skipping the ones already done so the script can be re-run safely:',
        code: `for path in images:\n    out = path.with_name(f"{path.stem}_transparent_bg.png")\n    if out.exists():\n        continue\n    try:\n        out.write_bytes(remove_background(path))\n        print("done", path.name)\n    except requests.HTTPError as e:\n        print("failed", path.name, e.response.json()["error"]["message"])`,
      },
      {
        title: 'Check the run',
        body: `Call the usage endpoint again (${usage.replace('{{origin}}', '')}) to see the images processed this month, and look through the results — especially hair, glass and thin parts.`,
      },
    ],
  },
];

export function tutorialsFor(tab: TutorialLevel): readonly Tutorial[] {
  return tutorials.filter((tutorial) => tutorial.tab === tab);
}

export const moreHelpText =
  'The documentation covers getting started, every API endpoint and error, and answers to common questions.';
