// The menu button (WAI-ARIA menu button pattern) a window card's actions live in (ADR 0063).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton, MenuGroup, MenuItem } from './Menu';

function setup() {
  const picked: string[] = [];
  const user = userEvent.setup();
  render(
    <>
      <MenuButton label="More" accessibleName="More actions for May week" menuLabel="Actions for May week">
        {(close) => (
          <>
            <MenuItem
              onSelect={() => {
                close();
                picked.push('commit');
              }}
            >
              Commit
            </MenuItem>
            <MenuItem disabled onSelect={() => picked.push('disabled')}>
              Committed ✓
            </MenuItem>
            <MenuGroup label="Status">
              <MenuItem checked onSelect={() => picked.push('considering')}>
                Considering
              </MenuItem>
              <MenuItem checked={false} onSelect={() => picked.push('top')}>
                Top choice
              </MenuItem>
            </MenuGroup>
            <MenuItem label="Delete instance May week" onSelect={() => picked.push('delete')}>
              Delete
            </MenuItem>
          </>
        )}
      </MenuButton>
      <button type="button">After</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'More actions for May week' });
  return { user, picked, button };
}

describe('a menu button', () => {
  it('when closed, then it says it opens a menu and nothing of the menu is there', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('when clicked, then the menu opens on its first item and an item’s click acts and closes it', async () => {
    const { user, picked, button } = setup();
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for May week' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Commit' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Considering' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Top choice' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('menuitem', { name: 'Commit' }));
    expect(picked).toEqual(['commit']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('when used with the keyboard, then the arrows move and wrap, Home/End jump and Escape closes back on the button', async () => {
    const { user, picked, button } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete instance May week' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Commit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    // A disabled item can be reached (its name is read) but does nothing.
    expect(screen.getByRole('menuitem', { name: 'Committed ✓' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(picked).toEqual([]);
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete instance May week' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Considering' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Commit' })).toHaveFocus();
  });

  it('when Tab leaves it or a click lands outside, then it closes', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
