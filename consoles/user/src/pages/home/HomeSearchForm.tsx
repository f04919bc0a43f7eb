import { useEffect, useState } from 'react';

/**
 * The search box of Home. It shows the words being typed and follows `q` when the address
 * changes (Back, a shared link); `onSearch` gets the words trimmed and cut to 100 characters.
 */
export function HomeSearchForm({ q, onSearch }: { q: string; onSearch: (words: string) => void }) {
  const [words, setWords] = useState(q);
  useEffect(() => setWords(q), [q]);
  return (
    <form
      role="search"
      className="row home-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(words.trim().slice(0, 100));
      }}
    >
      <label htmlFor="home-search" className="visually-hidden">
        Search evaluations
      </label>
      <input
        id="home-search"
        type="search"
        maxLength={100}
        placeholder="Search titles and descriptions"
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
