import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { takeReactWarnings } from './reactWarnings';

/** Spreads what it is given onto a div, as a component that forgets to pick its own props does. */
const Leaky = (props: Record<string, unknown>) => <div {...props}>leaky</div>;

describe('React warnings fail the app tests', () => {
  it('catches a prop that reaches a DOM element', () => {
    render(<Leaky fooBar="x" />);
    expect(takeReactWarnings()).toEqual([
      expect.stringContaining('React does not recognize the `fooBar` prop'),
    ]);
  });

  it('catches a state update outside act()', async () => {
    function Late() {
      const [text, setText] = useState('waiting');
      useEffect(() => {
        const timer = setTimeout(() => setText('done'), 0);
        return () => clearTimeout(timer);
      }, []);
      return <p>{text}</p>;
    }
    render(<Late />);
    await new Promise<void>((resolve) => {
      const poll = () => (screen.queryByText('done') ? resolve() : setTimeout(poll, 5));
      poll();
    });
    expect(takeReactWarnings()).toEqual([expect.stringContaining('not wrapped in act(')]);
  });

  it("lets through only react-admin's own known leaks, named by the component that passes them", () => {
    // React reports each prop once per module, so each case leaks a different one.
    render(<Leaky InputProps={{}} />);
    expect(takeReactWarnings()).toEqual([expect.stringContaining('`InputProps`')]);
    function BooleanInput() {
      return <Leaky inputRef={{}} />;
    }
    render(<BooleanInput />);
    expect(takeReactWarnings()).toEqual([]);
  });
});
