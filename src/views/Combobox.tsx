/**
 * Accessible comboboxes of the admin screens (issue 13; decision 0020): downshift's hooks give the
 * WAI-ARIA 1.2 combobox pattern (keyboard, aria-activedescendant, a live status of the result
 * count); this file draws them. `SearchableSelect` picks one option by typing part of its label;
 * `MultiSearchableSelect` adds options to a list of chosen ones, each removable by its button or
 * by Backspace/Delete when focused. Only the typed search text is local: the choice is the form's.
 */
import { useCombobox, useMultipleSelection } from 'downshift';
import { useState } from 'react';
import { messages } from '../messages.ts';
import './Combobox.css';

export interface ComboboxOption {
  value: number;
  label: string;
}

interface ComboboxCommonProps {
  id: string;
  label: string;
  options: readonly ComboboxOption[];
  /** Shown under the field and read with it. */
  hint?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the field's messages, read after the hint. */
  describedBy?: string;
}

const matching = (options: readonly ComboboxOption[], search: string) => {
  const needle = search.trim().toLocaleLowerCase('hr');
  return options.filter((option) => option.label.toLocaleLowerCase('hr').includes(needle));
};

const describedByOf = (hintId: string | null, describedBy: string | undefined) =>
  [hintId, describedBy].filter(Boolean).join(' ') || undefined;

function OptionList({
  isOpen,
  items,
  highlightedIndex,
  menuProps,
  itemProps,
}: {
  isOpen: boolean;
  items: readonly ComboboxOption[];
  highlightedIndex: number;
  menuProps: object;
  itemProps: (item: ComboboxOption, index: number) => object;
}) {
  return (
    <>
      {isOpen && items.length === 0 && (
        <p className="combobox__empty">{messages.educationAdmin.noMatches}</p>
      )}
      <ul
        className={isOpen ? 'combobox__menu' : 'combobox__menu combobox__menu--closed'}
        {...menuProps}
      >
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.value}
              className={
                highlightedIndex === index
                  ? 'combobox__option combobox__option--highlighted'
                  : 'combobox__option'
              }
              {...itemProps(item, index)}
            >
              {item.label}
            </li>
          ))}
      </ul>
    </>
  );
}

export interface SearchableSelectProps extends ComboboxCommonProps {
  value: number | null;
  onChange: (value: number | null) => void;
}

export function SearchableSelect({
  id,
  label,
  options,
  hint,
  disabled = false,
  invalid = false,
  describedBy,
  value,
  onChange,
}: SearchableSelectProps) {
  const selected = options.find((option) => option.value === value) ?? null;
  const [search, setSearch] = useState(selected?.label ?? '');
  const items = selected && search === selected.label ? [...options] : matching(options, search);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<ComboboxOption>({
      items,
      inputId: id,
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      selectedItem: selected,
      inputValue: search,
      onInputValueChange: ({ inputValue, type }) => {
        setSearch(inputValue);
        // Emptying the field takes the choice back.
        if (type === useCombobox.stateChangeTypes.InputChange && !inputValue && selected) {
          onChange(null);
        }
      },
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.value ?? null),
    });
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div className="form__field combobox">
      <label className="form__label" {...getLabelProps()}>
        {label}
      </label>
      <input
        className="form__input"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        {...getInputProps({ 'aria-describedby': describedByOf(hintId, describedBy) })}
      />
      {hint && (
        <p id={hintId ?? undefined} className="form__hint">
          {hint}
        </p>
      )}
      <OptionList
        isOpen={isOpen}
        items={items}
        highlightedIndex={highlightedIndex}
        menuProps={getMenuProps()}
        itemProps={(item, index) => getItemProps({ item, index })}
      />
    </div>
  );
}

export interface MultiSearchableSelectProps extends ComboboxCommonProps {
  values: readonly number[];
  onChange: (values: number[]) => void;
}

export function MultiSearchableSelect({
  id,
  label,
  options,
  hint,
  disabled = false,
  invalid = false,
  describedBy,
  values,
  onChange,
}: MultiSearchableSelectProps) {
  const [search, setSearch] = useState('');
  const chosen = values.map(
    (value) => options.find((option) => option.value === value) ?? { value, label: `#${value}` },
  );
  const items = matching(options, search).filter((option) => !values.includes(option.value));
  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } =
    useMultipleSelection<ComboboxOption>({
      selectedItems: chosen,
      itemToKey: (item) => item?.value,
      onSelectedItemsChange: ({ selectedItems }) =>
        onChange(selectedItems.map((item) => item.value)),
    });
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<ComboboxOption>({
      items,
      inputId: id,
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => item?.value,
      selectedItem: null,
      inputValue: search,
      stateReducer: (state, { type, changes }) =>
        // Choosing keeps the list open on the same place, ready for the next user.
        type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
        type === useCombobox.stateChangeTypes.ItemClick
          ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' }
          : changes,
      onStateChange: ({ type, selectedItem, inputValue }) => {
        if (type === useCombobox.stateChangeTypes.InputChange) setSearch(inputValue ?? '');
        else if (
          selectedItem &&
          (type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
            type === useCombobox.stateChangeTypes.ItemClick)
        ) {
          onChange([...values, selectedItem.value]);
          setSearch('');
        }
      },
    });
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div className="form__field combobox">
      <label className="form__label" {...getLabelProps()}>
        {label}
      </label>
      {chosen.length > 0 && (
        <ul className="combobox__chosen" aria-label={label}>
          {chosen.map((item, index) => (
            <li key={item.value} className="combobox__tag">
              <span {...getSelectedItemProps({ selectedItem: item, index })}>{item.label}</span>
              <button
                type="button"
                className="combobox__remove"
                disabled={disabled}
                aria-label={messages.educationAdmin.removeUser(item.label)}
                onClick={() => removeSelectedItem(item)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        className="form__input"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        {...getInputProps(
          getDropdownProps({
            preventKeyAction: isOpen,
            'aria-describedby': describedByOf(hintId, describedBy),
          }),
        )}
      />
      {hint && (
        <p id={hintId ?? undefined} className="form__hint">
          {hint}
        </p>
      )}
      <OptionList
        isOpen={isOpen}
        items={items}
        highlightedIndex={highlightedIndex}
        menuProps={getMenuProps()}
        itemProps={(item, index) => getItemProps({ item, index })}
      />
    </div>
  );
}
