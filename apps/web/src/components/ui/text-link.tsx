import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** A link inside running text or beside a heading: an icon and words in the primary colour. */
export function TextLink({
  href,
  icon: Icon,
  children,
  className,
}: {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={cn(
        'rounded-md text-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Icon className="mr-1 inline size-4 align-[-3px]" aria-hidden />
      {children}
    </Link>
  );
}
