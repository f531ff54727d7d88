import { type AdminCampaign, CampaignInputSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDate } from '../../../../lib/format';
import { useCategoryChoices } from '../../catalogue/api/catalog';
import { DetailPage, type DetailPageConfig } from '../../scaffold/detail-page';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { YesNo } from '../../scaffold/yes-no';
import { campaignKeys, getCampaign, listCampaigns, saveCampaign } from '../api/campaigns';
import { CampaignRowsTab } from './campaign-rows-tab';

const LIST = '/backoffice/campaigns';

/** A shop date in the language's format (dd/MM/yyyy in Italian). */
function DateCell({ value }: { value: string }) {
  const lng = useLanguage();
  return <>{formatDate(value, lng)}</>;
}

const listConfig: ListPageConfig<AdminCampaign> = {
  titleKey: 'backoffice.pages.campaigns',
  queryKey: campaignKeys.list,
  fetch: listCampaigns,
  columns: [
    { key: 'title', labelKey: 'bo.fields.title', sort: 'title' },
    {
      key: 'start_date',
      labelKey: 'bo.campaigns.startDate',
      sort: 'start_date',
      render: (c) => <DateCell value={c.start_date} />,
    },
    {
      key: 'end_date',
      labelKey: 'bo.campaigns.endDate',
      sort: 'end_date',
      render: (c) => <DateCell value={c.end_date} />,
    },
    { key: 'in_home', labelKey: 'bo.campaigns.inHome', render: (c) => <YesNo value={c.in_home} /> },
    {
      key: 'is_featured',
      labelKey: 'bo.campaigns.isFeatured',
      render: (c) => <YesNo value={c.is_featured} />,
    },
    { key: 'rows_count', labelKey: 'bo.campaigns.rowsCount', sort: 'rows_count', align: 'right' },
  ],
  rowKey: (c) => c.id,
  rowLink: (c) => `${LIST}/${c.id}`,
  linkColumn: 'title',
  searchPlaceholderKey: 'bo.campaigns.searchPlaceholder',
  createLink: `${LIST}/new`,
};

type CampaignValues = {
  title: string;
  description: string;
  category_id: number | null;
  start_date: string | null;
  end_date: string | null;
  in_home: boolean;
  is_featured: boolean;
};

const sections: FormSection<CampaignValues>[] = [
  {
    fields: [
      { name: 'title', labelKey: 'bo.fields.title', kind: 'text', required: true },
      {
        name: 'category_id',
        labelKey: 'bo.fields.category',
        kind: 'select',
        useOptions: useCategoryChoices,
        descriptionKey: 'bo.campaigns.categoryHint',
      },
      { name: 'start_date', labelKey: 'bo.campaigns.startDate', kind: 'date', required: true },
      { name: 'end_date', labelKey: 'bo.campaigns.endDate', kind: 'date', required: true },
      { name: 'in_home', labelKey: 'bo.campaigns.inHome', kind: 'switch' },
      { name: 'is_featured', labelKey: 'bo.campaigns.isFeatured', kind: 'switch' },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'textarea' },
    ],
  },
];

/** What is sent: empty dates left out, so the schema answers 'Required' on them. */
function toBody(values: CampaignValues) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as never;
}

function CampaignForm({ campaign }: { campaign?: AdminCampaign }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EntityForm<CampaignValues, AdminCampaign>
      schema={CampaignInputSchema}
      initialValues={{
        title: campaign?.title ?? '',
        description: campaign?.description ?? '',
        category_id: campaign?.category_id ?? null,
        start_date: campaign?.start_date ?? null,
        end_date: campaign?.end_date ?? null,
        in_home: campaign?.in_home ?? false,
        is_featured: campaign?.is_featured ?? false,
      }}
      sections={sections}
      toBody={toBody}
      submit={(values) => saveCampaign(campaign?.id, toBody(values))}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
        queryClient.setQueryData(campaignKeys.detail(String(saved.id)), saved);
        if (!campaign) void navigate(`${LIST}/${saved.id}`, { replace: true });
      }}
    />
  );
}

const detailConfig: DetailPageConfig<AdminCampaign> = {
  titleKey: 'bo.campaigns.campaign',
  param: 'id',
  listPath: LIST,
  listTitleKey: 'backoffice.pages.campaigns',
  queryKey: campaignKeys.detail,
  fetch: getCampaign,
  heading: (c) => c.title,
  tabs: [
    { path: '', labelKey: 'backoffice.tabs.info', render: (c) => <CampaignForm campaign={c} /> },
    { path: 'rows', labelKey: 'bo.campaigns.rowsTab', render: (c) => <CampaignRowsTab campaign={c} /> },
  ],
  create: () => <CampaignForm />,
};

export function CampaignsPage() {
  return <ListPage config={listConfig} />;
}

export function CampaignPage() {
  return <DetailPage config={detailConfig} />;
}
