import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { outlineAction } from '../../forms/OrderButton';

export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={outlineAction}>
      {children}
    </Link>
  );
}
