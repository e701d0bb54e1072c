import {
  createContext,
  use,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '../../lib/cn';

/**
 * Tabs of our own (the WAI-ARIA tabs pattern: a tablist of tab buttons, each controlling a
 * tabpanel; arrow keys, Home and End move between tabs, and a tab is selected when it gets focus).
 * Radix Tabs, with its roving-focus and collection packages, added ~9 KB gzip to the first load
 * of /api, /documentation and /tutorials (docs/decisions/0240). Same props and markup as the
 * Radix version (`data-state`, `forceMount`), so the pages and their tests did not change.
 */
interface TabsState {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const current = value ?? uncontrolled;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys, Home and End move the focus along the tabs (and so select them). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = moves[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (index === -1 || tabs.length === 0) return;
  event.preventDefault();
  tabs[move(index, tabs.length)]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'inline-flex h-10 items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onClick,
  onFocus,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      // One tab stop for the whole list: Tab enters it on the selected tab.
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex h-8 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        '[&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

/**
 * A tab's panel. An unselected panel stays in the page, hidden and empty; with `forceMount` its
 * content stays rendered too (a form keeps its fields registered), and the caller hides it
 * with `data-[state=inactive]:hidden`.
 */
export function TabsContent({
  value,
  forceMount,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  const present = selected || forceMount === true;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!present}
      tabIndex={0}
      className={cn('mt-6 outline-none', className)}
      {...props}
    >
      {present ? children : null}
    </div>
  );
}
