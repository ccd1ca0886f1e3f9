import { SearchOutlined } from '@ant-design/icons';
import { formatPhone, QUICK_ACTIONS_TEXTS, QUICK_SEARCH_MAX_LENGTH, type QuickPerson } from '@mandato/domain';
import { Input, type InputRef } from 'antd';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { autocompleteHint } from '../../platform/ui/autocomplete/autocompleteHint.ts';
import { useQuickSearch } from './useQuickSearch.ts';

const T = QUICK_ACTIONS_TEXTS;

/** The second line of a result: what else identifies the person (e-mail, both phones: a tail finds either). */
function detailOf(person: QuickPerson): string {
  const phones = [person.cellphone, person.phoneTwo].flatMap((phone) => (phone ? [formatPhone(phone)] : []));
  return [person.email, ...phones].filter(Boolean).join(' · ');
}

/**
 * Search field with its results as a listbox (WAI-ARIA combobox): arrows move the active result,
 * Enter opens it, the mouse works too. Hints of spec 2 §8 ('Comece a digitar', 'Carregando...',
 * 'Nenhum item encontrado') in a polite live region.
 */
export function QuickSearch({
  onPick,
  inputRef,
}: {
  onPick: (code: number) => void;
  inputRef?: Ref<InputRef>;
}) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const { people, more, loading } = useQuickSearch(text);
  const listId = useId();
  const optionId = (index: number) => `${listId}-opt-${index}`;
  const shown = people.length > 0;
  const activeIndex = Math.min(active, people.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % people.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex - 1 + people.length) % people.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const person = people[activeIndex];
      if (person) onPick(person.code);
    }
  };

  const hint = shown ? (more ? T.more : '') : autocompleteHint(text, loading);

  return (
    <div className="quick-search">
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={T.searchPlaceholder}
        aria-label={T.searchPlaceholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? optionId(activeIndex) : undefined}
        maxLength={QUICK_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="quick-search__hint" role="status" aria-live="polite">
        {hint}
      </div>
      {shown && (
        <div className="quick-search__results" id={listId} role="listbox" aria-label={T.results}>
          {people.map((person, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter)
            <div
              key={person.code}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'quick-search__option is-active' : 'quick-search__option'}
              onMouseEnter={() => setActive(index)}
              onClick={() => onPick(person.code)}
            >
              <span className="quick-search__name">{person.name || T.noName}</span>
              <span className="quick-search__detail">{detailOf(person)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
