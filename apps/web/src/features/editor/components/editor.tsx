import { editorTexts, paths, type Job, type SampleImage } from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/auth/session';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { meQueryKey, meQueryOptions } from '../../users';
import { useEditorConfig } from '../api/config';
import { editorReducer, initialEditorState, type Selection } from '../lib/editor-machine';
import { startRun, type Run } from '../lib/editor-flow';
import { createTokenStore } from '../lib/turnstile';
import {
  blockerFor,
  blockerMessage,
  fileProblem,
  urlProblem,
  type Blocker,
} from '../lib/validation';
import { frameTexts } from '../frame-texts';
import { workspaceTexts } from '../texts';
import { BackgroundPanel } from './background-panel';
import {
  ContinueHint,
  EditorCard,
  Notice,
  editorTabClass,
  editorTabs,
  editorTabsListClass,
} from './editor-frame';
import { FreeTryOffer } from './free-try-offer';
import { SamplesTab } from './samples-tab';
import { TouchUp } from './touch-up';
import { TurnstileWidget } from './turnstile-widget';
import { Dropzone, UrlForm } from './upload-tab';
import { Workspace } from './workspace';

type EditorTab = (typeof editorTabs)[number]['value'];

/** The name a URL import goes by until the server names it (spec §5: image_from_url). */
const urlImportName = 'image_from_url';

/** The editor (spec §2 "Editor", §4 image flow), loaded in its own chunk by editor-section.tsx. */
export function Editor() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const me = useQuery({ ...meQueryOptions, enabled: signedIn });
  // Anonymous visitors have 0 credits (spec §2); the badge shows only a balance above 0.
  const credits = signedIn ? me.data?.credits : 0;
  const config = useEditorConfig();
  const siteKey = config.data?.turnstileSiteKey ?? null;
  const [tokens] = useState(createTokenStore);

  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const [tab, setTab] = useState<EditorTab>('file');
  const [url, setUrl] = useState('');
  const continueHintId = useId();

  const counter = useRef(0);
  const run = useRef<Run | null>(null);
  const previewUrl = useRef<string | null>(null);

  const releasePreview = () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  };

  const stopRun = () => {
    run.current?.stop(true);
    run.current = null;
  };

  // Leaving the page mid-way cancels the job: nobody would see (or want to pay for) its results.
  useEffect(
    () => () => {
      stopRun();
      releasePreview();
    },
    [],
  );

  const toastBlocker = useCallback(
    // `message`: the server's own words when it refused (today's free preview used, issue 39);
    // the spec's short text when the editor saw the blocker before asking.
    async (blocker: Blocker, message = blockerMessage(blocker)) => {
      const toast = await loadToast();
      toast.error(message, {
        action:
          blocker === 'sign-up'
            ? { label: workspaceTexts.signUp, onClick: () => void navigate(paths.signUp) }
            : { label: workspaceTexts.buyCredits, onClick: () => void navigate(paths.pricing) },
      });
    },
    [navigate],
  );

  const start = useCallback(
    (selection: Selection) => {
      stopRun();
      counter.current += 1;
      run.current = startRun(counter.current, selection, {
        dispatch,
        queryClient,
        token: siteKey ? (signal) => tokens.take(signal) : () => Promise.resolve(undefined),
        onBlocked: (blocker) => void toastBlocker(blocker),
        onFailed: (message, blocker) => {
          if (blocker) void toastBlocker(blocker, message);
          else void toastError(message);
        },
        onFinished: (job: Job) => {
          run.current = null;
          if (job.status === 'completed' && job.result) {
            // One credit was spent on the server: show the balance as it is now.
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            void loadToast().then((toast) => toast.success(editorTexts.removed));
          } else if (job.status === 'failed') {
            void toastError(job.error?.message || editorTexts.processFailed);
          }
        },
      });
    },
    [queryClient, siteKey, tokens, toastBlocker],
  );

  /** Selecting an image starts processing at once (spec §4), if the checks allow it. */
  const select = (selection: Selection) => {
    stopRun();
    if (previewUrl.current !== selection.previewUrl) releasePreview();
    if (selection.kind === 'file') previewUrl.current = selection.previewUrl;
    counter.current += 1;
    dispatch({ type: 'select', attempt: counter.current, selection });
    start(selection);
  };

  const onFile = (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      void loadToast().then((toast) => toast.error(problem));
      return;
    }
    select({ kind: 'file', file, name: file.name, previewUrl: URL.createObjectURL(file) });
  };

  const onUrl = (text: string) => {
    const problem = urlProblem(text);
    if (problem) {
      void loadToast().then((toast) => toast.error(problem));
      return;
    }
    select({ kind: 'url', url: text.trim(), name: urlImportName, previewUrl: null });
  };

  const onSample = (sample: SampleImage) => {
    select({ kind: 'sample', sample, name: sample.name, previewUrl: sample.url });
  };

  const remove = () => {
    stopRun();
    releasePreview();
    counter.current += 1;
    dispatch({ type: 'remove', attempt: counter.current });
  };

  const cancel = () => {
    stopRun();
    dispatch({ type: 'cancelled', attempt: counter.current });
  };

  const retry = () => {
    if (state.selection) start(state.selection);
  };

  const showWorkspace = state.selection !== null || state.exploring;
  const blockerNow = session.status === 'loading' ? null : blockerFor({ signedIn }, credits);

  return (
    <EditorCard>
      {credits !== undefined && credits > 0 ? (
        <Badge
          variant="soft"
          className="absolute -top-3 right-4 bg-card shadow-xs sm:right-6"
          data-testid="editor-credits"
        >
          {workspaceTexts.credits(credits)}
        </Badge>
      ) : null}

      {showWorkspace ? (
        <Workspace
          state={state}
          blockerNow={blockerNow}
          onRemove={remove}
          onCancel={cancel}
          onRetry={retry}
          onBack={() => dispatch({ type: 'explore', on: false })}
          retentionHours={config.data?.retentionHours}
          visitor={session.status === 'loading' ? undefined : !signedIn}
          afterResults={
            session.status === 'anonymous' ? (
              <FreeTryOffer
                job={
                  state.phase.step === 'completed' && state.phase.job.result
                    ? state.phase.job
                    : null
                }
              />
            ) : state.phase.step === 'completed' && state.phase.job.result ? (
              <div className="space-y-6">
                <TouchUp
                  key={`touch-up-${state.phase.job.id}`}
                  job={state.phase.job}
                  onChanged={(job) => dispatch({ type: 'touched-up', attempt: state.attempt, job })}
                />
                <BackgroundPanel key={state.phase.job.id} job={state.phase.job} />
              </div>
            ) : null
          }
        />
      ) : (
        <>
          <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
            <div className="flex justify-center">
              <TabsList aria-label={workspaceTexts.topTabsLabel} className={editorTabsListClass}>
                {editorTabs.map((item) => (
                  <TabsTrigger key={item.value} value={item.value} className={editorTabClass}>
                    {item.icon}
                    {item.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabsContent value="file">
              <Dropzone onFile={onFile} />
            </TabsContent>
            <TabsContent value="url">
              <UrlForm url={url} onUrlChange={setUrl} onSubmit={onUrl} />
            </TabsContent>
            <TabsContent value="samples">
              <SamplesTab onSample={onSample} />
            </TabsContent>
          </Tabs>
          <div className="mt-4 flex flex-col items-center">
            <Button
              variant="quiet"
              aria-describedby={continueHintId}
              onClick={() => dispatch({ type: 'explore', on: true })}
            >
              {editorTexts.continueWithoutImage}
            </Button>
            <ContinueHint id={continueHintId} />
          </div>
        </>
      )}

      <Notice
        botCheck={
          // Without a bot check nothing is said here: that is an operator notice, shown on the
          // admin overview (issue 26).
          siteKey ? (
            <>
              <p>{frameTexts.botCheck}</p>
              <TurnstileWidget siteKey={siteKey} tokens={tokens} />
            </>
          ) : null
        }
      />
    </EditorCard>
  );
}
