/** 'Relatórios › Produtos': the report of a range and its tables' CSV addresses (owners and managers). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ProductsReport,
  ProductsReportQuery,
  ProductTable,
} from '@vitrine/contracts/console-reports-products';
import { consoleCall } from '../../api/console-api';
import { reportSearch } from './sales-report';

export const useProductsReport = (shop: string, query: ProductsReportQuery) =>
  useQuery({
    queryKey: ['shop', shop, 'reports', 'products', query],
    queryFn: () =>
      consoleCall<ProductsReport>(
        'GET',
        `/api/console/shops/${shop}/reports/products?${reportSearch(query)}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The address of one table's CSV (the server writes it with the one CSV writer). */
export const productTableCsvHref = (shop: string, query: ProductsReportQuery, table: ProductTable) =>
  `/api/console/shops/${shop}/reports/products.csv?${reportSearch(query)}&table=${table}`;
