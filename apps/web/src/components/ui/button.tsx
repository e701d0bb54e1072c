import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type Ref } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        /** The action that deletes, revokes or refunds: the confirming button of a danger dialog. */
        destructive:
          'bg-red-600 text-white shadow-sm hover:bg-red-600/90 dark:bg-red-500 dark:hover:bg-red-500/90',
        secondary: 'bg-muted text-foreground hover:bg-muted/70',
        outline: 'border border-border bg-background text-foreground shadow-xs hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        quiet: 'text-muted-foreground hover:bg-muted hover:text-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3',
        md: 'h-9 px-4',
        lg: 'h-11 px-6 text-base',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link) with button styles. */
    asChild?: boolean;
  };

type SlotProps = ComponentProps<'button'> & Record<string, unknown>;

/**
 * The child element with the button's props merged in: the child's own props win, except that
 * classes add up and an event handler of both runs the child's first, then the button's. Ours
 * rather than Radix's Slot, which weighs ~1 KB gzip on every page's first load for what the
 * Button needs (docs/decisions/0200).
 */
function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement<SlotProps>(children)) return null;
  const childProps = children.props;
  const merged: SlotProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (!/^on[A-Z]/.test(name) || typeof slotValue !== 'function') continue;
    if (typeof childValue !== 'function') continue;
    merged[name] = (...args: unknown[]) => {
      (childValue as (...a: unknown[]) => unknown)(...args);
      (slotValue as (...a: unknown[]) => unknown)(...args);
    };
  }
  merged.className = cn(slotProps.className, childProps.className);
  if (slotProps.ref && childProps.ref) merged.ref = composeRefs(slotProps.ref, childProps.ref);
  return cloneElement(children, merged);
}

function composeRefs<T>(...refs: Ref<T>[]): Ref<T> {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
