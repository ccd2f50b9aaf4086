import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { controlStyles } from './fields/FieldShell';

/** Typing settles for this long before the list (and the URL) follow the search text. */
export const SEARCH_DEBOUNCE_MS = 300;

const StyledInput = styled('input')(({ theme }) => controlStyles({ theme, invalid: false }));

export interface SearchBoxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/** A list's search box: local text while typing, passed on once typing pauses; follows outside changes (Clear filters). */
export function SearchBox({ id, value, onChange, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, onChange]);

  return (
    <StyledInput
      id={id}
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
