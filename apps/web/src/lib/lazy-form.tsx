import {
  createContext,
  Fragment,
  use,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import type * as ReactHookForm from 'react-hook-form';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import { lazyModule } from './lazy-module';

/**
 * react-hook-form (12.4 KB gzip) on intent, for the public forms (sign-in, sign-up, forgot
 * password, contact; docs/decisions/0240). Inside <LazyFormLibrary>, this module's `useForm` and
 * `useWatch` are react-hook-form's once it has loaded. Until then (in the prerendered HTML, during
 * hydration, until a field is focused or the form submitted) they are stand-ins: the fields are
 * plain named inputs holding their default values, nothing is validated. Focusing a field loads
 * the library; the form is then rendered again with react-hook-form, keeping what was typed and
 * the focus, and a submit pressed meanwhile is sent again once it is there.
 */
type Library = typeof ReactHookForm;
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const formLibrary = lazyModule(() => import('react-hook-form'));

/**
 * Loads the library ahead of any form: the unit tests do (test/setup.ts), so that a test typing
 * field after field never holds a stand-in field the library has just replaced.
 */
export async function loadFormLibrary(): Promise<void> {
  await formLibrary.load();
}

/** What the stand-in form had when the library arrived. */
type Carried = {
  values: Record<string, unknown>;
  formIndex: number;
  focus?: { index: number; start: number | null; end: number | null };
  submit: boolean;
};

type Scope = {
  library: Library | undefined;
  carried: Carried | undefined;
  load: () => void;
  attach: (field: Field | null, defaultValue: unknown) => void;
  submitWhenReady: () => void;
};

const ScopeContext = createContext<Scope | null>(null);

function useScope(): Scope {
  const scope = use(ScopeContext);
  if (!scope) throw new Error('useForm (lib/lazy-form) must be used inside <LazyFormLibrary>');
  return scope;
}

function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      values[element.name] = element.checked;
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) values[element.name] = element.value;
    } else {
      values[element.name] = element.value;
    }
  }
  return values;
}

function selectionOf(field: Element): { start: number | null; end: number | null } {
  try {
    const { selectionStart, selectionEnd } = field as HTMLInputElement;
    return { start: selectionStart, end: selectionEnd };
  } catch {
    return { start: null, end: null }; // e-mail inputs have no selection
  }
}

function capture(form: HTMLFormElement, submit: boolean): Carried {
  const elements = [...form.elements];
  const active = document.activeElement;
  const index = active ? elements.indexOf(active) : -1;
  return {
    values: valuesOf(form),
    formIndex: [...document.forms].indexOf(form),
    focus: index === -1 || !active ? undefined : { index, ...selectionOf(active) },
    submit,
  };
}

/** Puts the focus (and caret) back where it was, and sends a submit that was waiting. */
function restore(carried: Carried) {
  const form = document.forms[carried.formIndex];
  if (!form) return;
  if (carried.focus) {
    const field = form.elements[carried.focus.index];
    if (field instanceof HTMLElement) {
      field.focus();
      const { start, end } = carried.focus;
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        if (start !== null && end !== null) {
          field.setSelectionRange(start, end);
        } else if (field.type !== 'checkbox' && field.type !== 'radio') {
          // An e-mail input has no selection to set: writing its value again puts the caret at
          // the end, where a person typing is.
          const value = field.value;
          field.value = '';
          field.value = value;
        }
      }
    }
  }
  if (carried.submit) form.requestSubmit();
}

/** The boundary whose forms use this module's `useForm`: renders them again once loaded. */
export function LazyFormLibrary({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ library?: Library; carried?: Carried }>(() => ({
    library: formLibrary.getSnapshot(),
  }));
  const form = useRef<HTMLFormElement | null>(null);
  const initialised = useRef(new WeakSet<Field>());
  const submit = useRef(false);
  const loading = useRef(false);

  const load = () => {
    if (state.library || loading.current) return;
    loading.current = true;
    formLibrary.load().then(
      (library) => {
        const carried = form.current?.isConnected
          ? capture(form.current, submit.current)
          : undefined;
        // At once, in this task: no keystroke can land between reading the fields and their
        // replacements taking over.
        flushSync(() => setState({ library, carried }));
      },
      () => {
        loading.current = false; // a failed chunk is requested again on the next focus
      },
    );
  };

  const scope: Scope = {
    library: state.library,
    carried: state.carried,
    load,
    // As react-hook-form does when a field mounts: its default value goes into the DOM once.
    attach: (field, defaultValue) => {
      if (!field || initialised.current.has(field)) return;
      initialised.current.add(field);
      form.current = field.form;
      if (field instanceof HTMLInputElement && field.type === 'checkbox') {
        field.checked = defaultValue === true;
      } else if (field instanceof HTMLInputElement && field.type === 'radio') {
        field.checked = field.value === defaultValue;
      } else if (typeof defaultValue === 'string' && field.value === '') {
        field.value = defaultValue;
      }
    },
    submitWhenReady: () => {
      submit.current = true;
      load();
    },
  };

  useLayoutEffect(() => {
    if (state.carried) restore(state.carried);
  }, [state.carried]);

  return (
    <ScopeContext value={scope}>
      {/* A new key: the forms mount again with the library's hooks (never a mix of both). */}
      <Fragment key={state.library ? 'library' : 'stand-in'}>{children}</Fragment>
    </ScopeContext>
  );
}

const noop = () => undefined;
const noopAsync = () => Promise.resolve();

function standInForm<T extends FieldValues, C, R>(
  scope: Scope,
  defaultValues: Record<string, unknown>,
): UseFormReturn<T, C, R> {
  const standIn = {
    register: (name: string) => ({
      name,
      ref: (field: Field | null) => scope.attach(field, defaultValues[name]),
      onChange: noopAsync,
      onBlur: noopAsync,
      onFocus: scope.load,
    }),
    handleSubmit: () => (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      scope.submitWhenReady();
      return Promise.resolve();
    },
    formState: {
      errors: {},
      isSubmitting: false,
      isSubmitted: false,
      isSubmitSuccessful: false,
      isValid: false,
      isValidating: false,
      isDirty: false,
      isLoading: false,
      submitCount: 0,
      dirtyFields: {},
      touchedFields: {},
      validatingFields: {},
      disabled: false,
    },
    control: { standInValues: defaultValues },
    getValues: () => defaultValues,
    setError: noop,
    clearErrors: noop,
    reset: noop,
    setValue: noop,
    setFocus: noop,
  };
  // Only what a form reads while it renders; its handlers run after the library has loaded.
  return standIn as unknown as UseFormReturn<T, C, R>;
}

/** react-hook-form's `useForm`, or its stand-in until the library has loaded (see above). */
export function useForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props: UseFormProps<TFieldValues, TContext, TTransformedValues> = {},
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const scope = useScope();
  const defaults = typeof props.defaultValues === 'object' ? props.defaultValues : {};
  if (!scope.library) return standInForm(scope, defaults as Record<string, unknown>);
  // The library is fixed for the life of this component (the boundary's key), so this hook is
  // always called, or never.
  return scope.library.useForm({
    ...props,
    defaultValues: { ...defaults, ...scope.carried?.values } as typeof props.defaultValues,
  });
}

/** react-hook-form's `useWatch`; before it has loaded, the stand-in form's default values. */
export const useWatch = ((props: { control?: unknown }) => {
  const scope = useScope();
  if (!scope.library) {
    return (props.control as { standInValues: Record<string, unknown> }).standInValues;
  }
  const watch = scope.library.useWatch as (props: unknown) => unknown;
  return watch(props);
}) as Library['useWatch'];
