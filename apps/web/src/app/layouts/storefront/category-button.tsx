import { Button, type ButtonProps } from '@mantine/core';
import type { CategoryCode } from '@shop/domain';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '../../../components/category-icon';

type CategoryButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { code: CategoryCode };

/** A catalogue area's entry in the menu bar: its icon, name and a chevron. */
export function CategoryButton({ code, ...props }: CategoryButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="sm"
      leftSection={<CategoryIcon code={code} size={16} stroke={1.7} />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    >
      {t(`categories.${code}`)}
    </Button>
  );
}
