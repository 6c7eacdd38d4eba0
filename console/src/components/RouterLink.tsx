// A Fluent Link that navigates inside the single-page app (and still opens in a new tab on ctrl/middle click).
import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface RouterLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
}

export function RouterLink({ to, children, className }: RouterLinkProps) {
  const navigate = useNavigate();
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  }
  return (
    <Link href={to} className={className} onClick={follow}>
      {children}
    </Link>
  );
}
