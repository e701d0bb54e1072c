import { ChevronDown } from 'lucide-react';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/**
 * One filter of a list as a menu button ("Plan: All plans"): 'all' or one of `options`; a value
 * not set yet counts as 'all'.
 */
export function FilterMenu<T extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: T | 'all' | undefined;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | 'all') => void;
}) {
  const current = options.find((o) => o.value === value)?.label ?? allLabel;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={`${label}: ${current}`}>
          <span className="text-muted-foreground">{label}:</span> {current}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        <DropdownMenuRadioGroup
          value={value ?? 'all'}
          onValueChange={(v) => onChange(v as T | 'all')}
        >
          <DropdownMenuRadioItem value="all">{allLabel}</DropdownMenuRadioItem>
          {options.map((o) => (
            <DropdownMenuRadioItem key={o.value} value={o.value}>
              {o.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
