import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PRODUCT_PAGE_SIZE_MAX } from '../../api/contract.ts';
import {
  homeProductsMachine,
  selectHomeProducts,
  selectHomeProductsLoading,
} from '../../machines/homeProducts.machine.ts';
import { homeMessages } from '../../messages/home.ts';
import { HomeProducts } from '../../views/HomeProducts.tsx';
import { HomeSection } from '../../views/HomeSection.tsx';
import { useInspect } from '../inspector.tsx';
import { useEffects } from '../effects.tsx';

/** The products staff chose for the home page; none, or a failed call, hides the section. */
export function ProductsSection() {
  const { api, logError } = useEffects();
  const [snapshot] = useMachine(
    homeProductsMachine.provide({
      actors: {
        loadProducts: fromPromise(
          async () =>
            (await api.products.listProducts({ pageSize: PRODUCT_PAGE_SIZE_MAX, pageNumber: 1 }))
              .items,
        ),
      },
      actions: {
        logFailure: (_, { error }) => logError('Proizvodi početne stranice nisu učitani.', error),
      },
    }),
    { inspect: useInspect() },
  );
  // The room stays reserved while the call runs, as it was while the code loaded.
  if (selectHomeProductsLoading(snapshot)) return <div className="home-placeholder" />;
  const products = selectHomeProducts(snapshot);
  if (!products) return null;
  return (
    <HomeSection id="proizvodi" title={homeMessages.products}>
      <HomeProducts products={products} />
    </HomeSection>
  );
}
