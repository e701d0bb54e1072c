import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from '../../../lib/error-reports';
import { CrashScreen } from './crash-screen';

type Props = {
  children: ReactNode;
  /** When this changes (the visitor navigated elsewhere), the boundary tries again. */
  resetKey?: string;
};
type State = { error: unknown; resetKey: string | undefined };

/**
 * Catches rendering errors below it, shows the crash screen and reports the error with its
 * component stack. React Router's own error boundary only takes over for route errors
 * (failed loaders, missing route modules), see root.tsx.
 */
export class CrashBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError('render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <CrashScreen /> : this.props.children;
  }
}
