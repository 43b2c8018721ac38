import { ActionIcon, AppShell, Badge, Box, Button, Divider, Group, Menu, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconCircleDot, IconDots, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { type MenuIcon, type MenuItem, containsPath, menuKey } from './menu';
import classes from './app-shell.module.css';

interface NavProps {
  menu: readonly MenuItem[];
  /** Rome: filled icons. */
  filledIcons?: boolean;
  /** Called after a route is chosen (closes the slide-over on a phone). */
  onNavigate?: () => void;
}

function iconOf(item: MenuItem, filled: boolean | undefined): MenuIcon | undefined {
  if (item.type === 'head') return undefined;
  return (filled && item.filledIcon) || item.icon;
}

/** The icon a menu entry shows: its own, or a dot for a nested entry without one. */
function iconElement(item: MenuItem, filled: boolean | undefined, depth: number): ReactNode {
  const Icon = iconOf(item, filled);
  return Icon ? <Icon size={20} stroke={1.7} /> : depth > 0 ? <IconCircleDot size={10} /> : undefined;
}

function badgeOf(item: MenuItem): ReactNode {
  if (item.type === 'head' || !item.badge) return null;
  return (
    <Badge size="xs" circle={item.badge.value.length < 3} color={item.badge.color ?? 'blush'} variant="filled">
      {item.badge.value}
    </Badge>
  );
}

/** The top-level group holding the current path: it is the one open on arrival. */
function openKeyFor(menu: readonly MenuItem[], pathname: string): string | null {
  const index = menu.findIndex((item) => item.type === 'sub' && containsPath(item, pathname));
  return index >= 0 ? menuKey(menu[index]!, index) : null;
}

/**
 * The vertical menu of spec §2: item types sub, link, extLink and extTabLink, head titles and badges.
 * Only one top-level group is open at a time; nested groups open on their own.
 */
export function SidebarMenu({ menu, filledIcons, onNavigate }: NavProps) {
  const { pathname } = useLocation();
  const [openKey, setOpenKey] = useState<string | null>(() => openKeyFor(menu, pathname));
  // arriving at a path inside another group opens that group; adjusted while rendering, not in an effect
  const [seen, setSeen] = useState({ menu, pathname });
  if (seen.menu !== menu || seen.pathname !== pathname) {
    setSeen({ menu, pathname });
    const key = openKeyFor(menu, pathname);
    if (key) setOpenKey(key);
  }

  return (
    <nav aria-label="Main menu" data-testid="sidebar-menu">
      {menu.map((item, index) => {
        const key = menuKey(item, index);
        if (item.type === 'head') {
          return (
            <Text key={key} className={classes.menuHead} data-testid="menu-head">
              {item.title}
            </Text>
          );
        }
        if (item.type === 'sub') {
          return (
            <MenuEntry
              key={key}
              item={item}
              filledIcons={filledIcons}
              pathname={pathname}
              onNavigate={onNavigate}
              opened={openKey === key}
              onToggle={(open) => setOpenKey(open ? key : null)}
            />
          );
        }
        return <MenuEntry key={key} item={item} filledIcons={filledIcons} pathname={pathname} onNavigate={onNavigate} />;
      })}
    </nav>
  );
}

function MenuEntry({
  item,
  filledIcons,
  pathname,
  onNavigate,
  opened,
  onToggle,
  depth = 0,
}: {
  item: Exclude<MenuItem, { type: 'head' }>;
  filledIcons?: boolean;
  pathname: string;
  onNavigate?: () => void;
  opened?: boolean;
  onToggle?: (open: boolean) => void;
  depth?: number;
}) {
  const leftSection = iconElement(item, filledIcons, depth);
  const common = { label: item.title, leftSection, className: classes.navLink, 'data-testid': 'menu-item' };
  switch (item.type) {
    case 'link':
      return (
        <NavLink
          {...common}
          component={Link}
          to={item.path}
          active={pathname === item.path}
          rightSection={badgeOf(item)}
          onClick={onNavigate}
          data-path={item.path}
        />
      );
    case 'extLink':
      return <NavLink {...common} href={item.url} rightSection={badgeOf(item) ?? <IconExternalLink size={14} />} />;
    case 'extTabLink':
      return <NavLink {...common} href={item.url} target="_blank" rel="noopener noreferrer" rightSection={badgeOf(item) ?? <IconExternalLink size={14} />} />;
    case 'sub': {
      const controlled = onToggle ? { opened, onChange: onToggle, 'aria-expanded': opened } : { defaultOpened: containsPath(item, pathname) };
      return (
        // a button, not Mantine's default link without an address (which Tab skips): Tab reaches the group, Enter or Space opens it
        <NavLink
          {...common}
          {...controlled}
          component="button"
          type="button"
          active={containsPath(item, pathname)}
          variant="subtle"
          label={
            <Group gap={6} wrap="nowrap" justify="space-between">
              <span>{item.title}</span>
              {badgeOf(item)}
            </Group>
          }
          rightSection={<IconChevronRight size={14} />}
          childrenOffset={18}
          data-group={item.title}
        >
          {item.children.map((child, i) =>
            child.type === 'head' ? (
              <Text key={i} className={classes.menuHead}>
                {child.title}
              </Text>
            ) : (
              <MenuEntry key={menuKey(child, i)} item={child} filledIcons={filledIcons} pathname={pathname} onNavigate={onNavigate} depth={depth + 1} />
            ),
          )}
        </NavLink>
      );
    }
  }
}

/** Every link under an item, flattened (for pop-up menus). */
function leaves(item: MenuItem): Exclude<MenuItem, { type: 'head' } | { type: 'sub' }>[] {
  if (item.type === 'head') return [];
  if (item.type === 'sub') return item.children.flatMap(leaves);
  return [item];
}

function MenuLeaf({ item }: { item: Exclude<MenuItem, { type: 'head' } | { type: 'sub' }> }) {
  if (item.type === 'link') {
    return (
      <Menu.Item component={Link} to={item.path} rightSection={badgeOf(item)} data-path={item.path}>
        {item.title}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component="a" href={item.url} target={item.type === 'extTabLink' ? '_blank' : undefined} rightSection={<IconExternalLink size={14} />}>
      {item.title}
    </Menu.Item>
  );
}

/** The sidebar's content on a wide screen: the icon rail (`icons`) or the labelled menu, scrolled within the navbar. */
export function NavbarMenu({ icons, menu, filledIcons }: NavProps & { icons: boolean }) {
  return (
    <AppShell.Section grow component={ScrollArea} p={icons ? 'xs' : 'sm'} type="scroll">
      {icons ? <IconMenu menu={menu} filledIcons={filledIcons} /> : <SidebarMenu menu={menu} filledIcons={filledIcons} />}
    </AppShell.Section>
  );
}

/** Moscow and Rome: a narrow bar of icons; groups open as a pop-up beside it. */
export function IconMenu({ menu, filledIcons }: NavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main menu" className={classes.iconMenu} data-testid="icon-menu">
      {menu.map((item, index) => {
        if (item.type === 'head') return index === 0 ? null : <Divider key={index} my={6} w="60%" mx="auto" />;
        const Icon = iconOf(item, filledIcons) ?? IconCircleDot;
        const active = containsPath(item, pathname);
        const button = (
          <ActionIcon size={46} radius="md" variant={active ? 'filled' : 'subtle'} color={active ? undefined : 'gray'} className={classes.railIcon} aria-label={item.title} data-testid="menu-item">
            <Icon size={22} stroke={1.7} />
          </ActionIcon>
        );
        if (item.type === 'sub') {
          return (
            <Menu key={index} position="right-start" offset={10} withArrow trigger="click-hover" openDelay={60} closeDelay={200}>
              <Menu.Target>{button}</Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{item.title}</Menu.Label>
                {leaves(item).map((leaf, i) => (
                  <MenuLeaf key={i} item={leaf} />
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        }
        return (
          <Tooltip key={index} label={item.title} position="right" withArrow>
            {item.type === 'link' ? (
              <ActionIcon component={Link} to={item.path} size={46} radius="md" variant={active ? 'filled' : 'subtle'} color={active ? undefined : 'gray'} className={classes.railIcon} aria-label={item.title} data-testid="menu-item" data-path={item.path}>
                <Icon size={22} stroke={1.7} />
              </ActionIcon>
            ) : (
              <ActionIcon component="a" href={item.url} target={item.type === 'extTabLink' ? '_blank' : undefined} size={46} radius="md" variant="subtle" color="gray" className={classes.railIcon} aria-label={item.title}>
                <Icon size={22} stroke={1.7} />
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
    </nav>
  );
}

/**
 * How many of the row's items fit in `available` px, in order: all of them when they fit, otherwise as many as fit
 * beside the "More" button that holds the rest (labels are never cut).
 */
export function itemsThatFit(widths: readonly number[], available: number, moreWidth: number, gap: number): number {
  const upTo = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, n - 1);
  if (upTo(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && upTo(n) + gap + moreWidth > available) n -= 1;
  return n;
}

const ROW_GAP = 4;

/** LosAngeles, Singapore, Barcelona: the menu as a row under the header; what does not fit goes into "More". */
export function HorizontalMenu({ menu, filledIcons }: NavProps) {
  const { pathname } = useLocation();
  const items = menu.filter((item): item is Exclude<MenuItem, { type: 'head' }> => item.type !== 'head');
  const { ref: rowRef, width } = useElementSize<HTMLDivElement>();
  const measureRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(items.length);
  // every label at its full width, measured in a hidden copy of the row; the row shows what fits beside "More"
  useLayoutEffect(() => {
    const row = measureRef.current;
    if (!row || width === 0) return;
    const buttons = Array.from(row.children) as HTMLElement[];
    const more = buttons.pop()!;
    setFit(itemsThatFit(buttons.map((b) => b.getBoundingClientRect().width), width, more.getBoundingClientRect().width, ROW_GAP));
  }, [width, menu]);

  const button = (item: Exclude<MenuItem, { type: 'head' }>, key: number, measuring = false) => {
    const Icon = iconOf(item, filledIcons);
    const active = containsPath(item, pathname);
    const props = {
      variant: active ? 'light' : 'subtle',
      color: active ? undefined : 'gray',
      leftSection: Icon ? <Icon size={18} /> : undefined,
      size: 'sm',
      className: classes.rowItem,
      'data-testid': measuring ? undefined : 'menu-item',
    } as const;
    if (item.type === 'sub') {
      const target = (
        <Button {...props} rightSection={<IconChevronDown size={14} />}>
          {item.title}
        </Button>
      );
      if (measuring) return <Box key={key}>{target}</Box>;
      return (
        <Menu key={key} position="bottom-start" trigger="click-hover" openDelay={60} closeDelay={200}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>
            {leaves(item).map((leaf, i) => (
              <MenuLeaf key={i} item={leaf} />
            ))}
          </Menu.Dropdown>
        </Menu>
      );
    }
    if (item.type === 'link') {
      return (
        <Button key={key} {...props} component={Link} to={item.path} data-path={measuring ? undefined : item.path} tabIndex={measuring ? -1 : undefined}>
          {item.title}
        </Button>
      );
    }
    return (
      <Button key={key} {...props} component="a" href={item.url} target={item.type === 'extTabLink' ? '_blank' : undefined} tabIndex={measuring ? -1 : undefined}>
        {item.title}
      </Button>
    );
  };
  const moreButton = (measuring = false) => (
    <Button variant="subtle" color="gray" size="sm" className={classes.rowItem} leftSection={<IconDots size={18} />} rightSection={<IconChevronDown size={14} />} data-testid={measuring ? undefined : 'menu-more'}>
      More
    </Button>
  );
  const hidden = items.slice(fit);

  return (
    <Box ref={rowRef} className={classes.horizontalMenu} data-testid="horizontal-menu">
      <div ref={measureRef} className={classes.measureRow} aria-hidden inert>
        {items.map((item, i) => button(item, i, true))}
        {moreButton(true)}
      </div>
      <Group gap={ROW_GAP} wrap="nowrap" component="nav" aria-label="Main menu">
        {items.slice(0, fit).map((item, i) => button(item, i))}
        {hidden.length > 0 && (
          <Menu position="bottom-end" trigger="click-hover" openDelay={60} closeDelay={200} width={260}>
            <Menu.Target>{moreButton()}</Menu.Target>
            <Menu.Dropdown data-testid="menu-more-dropdown">
              {hidden.map((item, i) =>
                item.type === 'sub' ? (
                  <Box key={i}>
                    <Menu.Label>{item.title}</Menu.Label>
                    {leaves(item).map((leaf, j) => (
                      <MenuLeaf key={j} item={leaf} />
                    ))}
                  </Box>
                ) : (
                  <MenuLeaf key={i} item={item} />
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Box>
  );
}

/** London: no sidebar; the whole menu opens from a button in the header. */
export function HeaderMenu({ menu }: NavProps) {
  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <Button variant="light" size="sm" leftSection={<IconChevronDown size={16} />} data-testid="header-menu-button">
          Menu
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah="70vh">
          {menu.map((item, index) =>
            item.type === 'head' ? (
              <Menu.Label key={index}>{item.title}</Menu.Label>
            ) : (
              <Box key={index}>
                {leaves(item).map((leaf, i) => (
                  <MenuLeaf key={i} item={leaf.type === 'link' && item.type === 'sub' ? { ...leaf, title: `${item.title}: ${leaf.title}` } : leaf} />
                ))}
              </Box>
            ),
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
