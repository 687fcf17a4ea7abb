import { Component, type ErrorInfo, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  /** What to show instead of the part that threw; `retry` renders the children again. */
  fallback: (error: unknown, retry: () => void) => ReactNode
  children: ReactNode
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown }

/**
 * Keeps a failure inside the part that failed: a screen that throws while rendering shows its
 * fallback and the shell (sidebar, palette, navigation) stays usable. React has no hook for this.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack)
  }

  private readonly retry = () => this.setState({ failed: false })

  override render() {
    if (this.state.failed) return this.props.fallback(this.state.error, this.retry)
    return this.props.children
  }
}
