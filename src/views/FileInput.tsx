import { useEffect, useRef, type ChangeEvent } from 'react';

export interface FileInputProps {
  id: string;
  className: string;
  /** The chosen file; when the form resets it to null, the input is cleared too. */
  file: File | null;
  accept: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A file input follows the form: a browser lets a page clear it, never set it. */
export function FileInput({
  id,
  className,
  file,
  accept,
  disabled,
  invalid,
  describedBy,
  onChange,
}: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <input
      ref={input}
      id={id}
      className={className}
      type="file"
      accept={accept}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={onChange}
    />
  );
}
