import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type Size, type Variant } from '@/components/ui/button-classes';

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: Variant; size?: Size };

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, typeof className === 'string' ? className : undefined)} {...props} />;
}
